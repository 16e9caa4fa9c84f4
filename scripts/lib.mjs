// Small helpers shared by the root scripts.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * What the launchers of the server (npm start, npm run worker, the e2e server, the benches) add to
 * its environment: glibc's thresholds, fixed. Left to itself, glibc raises its mmap threshold to the
 * size of a large block once one is freed (up to 32 MiB), and its trim threshold to twice that; from
 * then on such blocks are carved from the arenas and kept there when freed. In an embedded server
 * four threads' arenas (most likely V8's compiler threads, on PGlite's WebAssembly) held 65 MiB, 2 MiB of it in use
 * (malloc_stats). Fixed, a block of 4 MiB or more is mapped on its own and given back when freed, and
 * an arena gives back free memory past 1 MiB at its top. glibc's defaults (128 KiB for both), fixed,
 * saved as much but mapped every block between afresh at each use: 40% more page faults in a start
 * (bench/results/2026-11-28-notes.md, glibc's thresholds). glibc reads these as the process starts, so the server cannot set
 * them for itself: whoever runs main.js another way sets them there (docs/operations.md, Settings).
 */
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '4194304', MALLOC_TRIM_THRESHOLD_: '1048576' };

/** The server's environment: SERVER_ENV under `env`, so an operator's own setting wins. */
export const serverEnv = (env = process.env) => ({ ...SERVER_ENV, ...env });

/** Runs a command with inherited output; resolves to its exit code. */
export function run(command, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/** Starts a long-running child and passes SIGINT/SIGTERM on to it, exiting with its code. */
export function runForwardingSignals(command, args, opts = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...opts });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
  return child;
}

/** The newest modification time of any file under the given paths (0 when none exist). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p))
        if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(path.join(root, p));
  return newest;
}
