import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';

// Real server processes for the `cluster` tests (tsx, as `npm run dev` starts it), on a PostgreSQL
// database of their own.

const root = path.resolve(import.meta.dirname, '../../../..');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function adminQuery(adminUrl: string, text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** An empty database on the TEST_DATABASE_URL server; drop() removes it. */
export async function createPostgresDatabase(name: string) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** The process's DATA_DIR (removed by stop). */
  dataDir: string;
  /** Resolves with the exit code (or the signal's name) when the process has ended. */
  exited: Promise<number | string>;
  /** SIGTERM, then the exit; removes the data folder. */
  stop(): Promise<number | string>;
}

/**
 * Starts `apps/server/src/main.ts` with the given settings (on top of test defaults) and resolves once
 * /api/health answers, or rejects after `startTimeoutMs` (killing the process).
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: { stdio?: StdioOptions; startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jamii-process-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'process-test-secret-shared-by-the-instances',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      SEED_DEMO: 'off',
      REDIS_URL: '',
      ...env,
    },
    stdio: opts.stdio ?? ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.startTimeoutMs ?? 30_000);
  let up = false;
  while (!up && Date.now() < deadline && child.exitCode === null) {
    up = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (!up) await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  if (!up) {
    child.kill('SIGKILL');
    const code = await exited;
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`the server did not answer in time (it ended with ${String(code)})`);
  }
  return {
    url,
    child,
    dataDir,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** The line main.ts logs once a ROLE=worker process runs jobs (it listens on no port to ask). */
const WORKER_STARTED = 'worker started: running background jobs, answering no requests';

export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) when the process has ended. */
  exited: Promise<number | string>;
  /** SIGKILL to the worker and every program it started (ffmpeg), as a machine that dies. */
  kill(): Promise<number | string>;
  /** SIGTERM (or nothing if it has ended), then the exit; removes the data folder. */
  stop(): Promise<number | string>;
}

/**
 * Starts `apps/server/src/main.ts` with ROLE=worker and the given settings (on top of the test
 * defaults), in a process group of its own, and resolves once it says it runs jobs, or rejects after
 * `startTimeoutMs` (killing it).
 */
export async function startWorkerProcess(
  env: Record<string, string>,
  opts: { startTimeoutMs?: number } = {},
): Promise<WorkerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jamii-worker-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      JWT_SECRET: 'process-test-secret-shared-by-the-instances',
      RATE_LIMITS: 'off',
      NODE_ENV: 'test',
      SEED_DEMO: 'off',
      REDIS_URL: '',
      ...env,
      // Its start is read from its log.
      ROLE: 'worker',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string);
  const killGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group has ended already.
    }
  };
  const lines = createInterface({ input: child.stdout! });
  const started = new Promise<boolean>((resolve) => {
    lines.on('line', (line) => {
      if (line.includes(WORKER_STARTED)) resolve(true);
    });
    void exited.then(() => resolve(false));
  });
  const timeout = new Promise<boolean>((resolve) =>
    setTimeout(() => resolve(false), opts.startTimeoutMs ?? 30_000).unref(),
  );
  if (!(await Promise.race([started, timeout]))) {
    killGroup('SIGKILL');
    const code = await exited;
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`the worker did not start in time (it ended with ${String(code)})`);
  }
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    exited,
    async kill() {
      killGroup('SIGKILL');
      return exited;
    },
    async stop() {
      if (running()) child.kill('SIGTERM');
      const code = await exited;
      // Programs it started and left (none after a clean stop; ffmpeg after a SIGKILL of the worker alone).
      killGroup('SIGKILL');
      lines.close();
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
