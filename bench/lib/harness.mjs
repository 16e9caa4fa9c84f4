// Helpers for the benchmarks: start the built server on a throw-away data folder, read its memory,
// run a bounded autocannon load. Everything binds to 127.0.0.1 and stops by itself.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { serverEnv } from '../../scripts/lib.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { percentile } from './results.mjs';

export const root = path.resolve(import.meta.dirname, '../..');

/** The towns the benchmarks' members live in and search for. */
export const BENCH_TOWNS = [
  'Nairobi',
  'Mombasa',
  'Kisumu',
  'Nakuru',
  'Eldoret',
  'Thika',
  'Nyeri',
  'Machakos',
  'Kitale',
  'Garissa',
];

/** The words the benchmarks' posts are about and searches look for. */
export const BENCH_WORDS = [
  'harambee',
  'matatu',
  'sukuma',
  'boda',
  'chapati',
  'safari',
  'mpesa',
  'jua kali',
  'ugali',
  'nyama',
];

export function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/** CPU time (user + system, ms) and minor page faults a process has had so far (/proc/PID/stat). */
export function processUsage(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { cpuMs: (Number(fields[11]) + Number(fields[12])) * 10, faults: Number(fields[7]) }; // ticks of 10 ms
}

/**
 * How long a server is left without requests before its idle RSS is read: V8 gives back the young
 * generation grown by start-up's allocations 10-20 s after the process falls idle.
 */
export const SETTLED_MS = 30_000;

/** The RSS of a server that has just become ready: `early` at 3 s, then settled (SETTLED_MS). */
export async function idleRssMiB(pid) {
  await sleep(3000);
  const early = rssMiB(pid);
  await sleep(SETTLED_MS - 3000);
  return { early, settled: rssMiB(pid) };
}

/** An environment without the variables set to `undefined` (unset by a build's settings). */
const withoutUnset = (env) => Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined));

/**
 * A build to measure, as the benches' arguments name it: its main.js, after any settings of its
 * environment (`MALLOC_TRIM_THRESHOLD_= apps/server/dist/main.js` runs it without that setting, to
 * compare with the launcher's default; an empty value removes the variable).
 */
function parseBuild(spec) {
  const words = spec.trim().split(/\s+/);
  const main = words.pop();
  const env = Object.fromEntries(
    words.map((word) => {
      const at = word.indexOf('=');
      if (at < 1) throw new Error(`"${word}" in "${spec}" is not NAME=value`);
      return [word.slice(0, at), word.slice(at + 1) || undefined];
    }),
  );
  return { main, env };
}

/**
 * Starts dist/main.js (or another build: `main`, or `build` as the benches' arguments name one, with
 * its own settings over `env`; or the source with `source: true`, run by tsx) in `cwd` (this
 * checkout unless told); resolves once /api/ready answers, with the time that took.
 */
export async function startServer({
  env: givenEnv = {},
  dataDir,
  cpu,
  nodeArgs = [],
  main: givenMain,
  build,
  source = false,
  cwd = root,
  readyTimeoutMs = 60_000,
} = {}) {
  const { main, env: buildEnv } = build ? parseBuild(build) : { main: givenMain, env: {} };
  const env = { ...givenEnv, ...buildEnv };
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'jamii-bench-'));
  // Another build (BENCH_SERVER_MAIN, or `main`) can be measured beside this one in the same run.
  const args = source
    ? [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts']
    : [...nodeArgs, main ?? process.env.BENCH_SERVER_MAIN ?? 'apps/server/dist/main.js'];
  const [cmd, cmdArgs] =
    cpu !== undefined
      ? ['taskset', ['-c', String(cpu), process.execPath, ...args]]
      : [process.execPath, args];
  const started = performance.now();
  const child = spawn(cmd, cmdArgs, {
    cwd,
    env: withoutUnset({
      ...serverEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      REDIS_URL: '',
      DATABASE_URL: '',
      ...env,
    }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`server did not become ready in ${readyTimeoutMs / 1000} s`);
    }
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await sleep(20);
  }
  const readyMs = performance.now() - started;
  return {
    url,
    port,
    pid: child.pid,
    readyMs,
    dataDir: dir,
    async stop({ keepData = false } = {}) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!keepData && !dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A bounded load: `seconds` long, `connections` kept alive. Answers requests per second and p99. */
export async function load(opts) {
  const result = await autocannon({ connections: 50, duration: 5, ...opts });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * An autocannon run whose answers count only while `window` is open (`from` and `to`, on
 * performance.now()): their rate, p50 and p99, and the run's errors.
 */
function counted(opts, window) {
  const latencies = [];
  const run = autocannon(opts);
  run.on('response', (_client, _status, _bytes, ms) => {
    const now = performance.now();
    if (now >= window.from && now <= window.to) latencies.push(Math.round(ms));
  });
  return run.then((result) => {
    latencies.sort((a, b) => a - b);
    return {
      rps: Math.round(latencies.length / ((window.to - window.from) / 1000)),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      errors: result.errors + result.non2xx,
    };
  });
}

/**
 * Reads at full load (`reads`, 50 connections) and, while they run, `write` at its fixed rate;
 * `write` null measures the reads alone the same way. The writes start a second into the reads, and
 * both are counted over the `seconds` that follow the writes' own first second. Started together and
 * counted from the start, each load met the tool's burst: every connection sends its first request
 * at once, the reads' 50 and the writes' 10. On PostgreSQL the first ten of 250 posts took 186–230 ms
 * in one run and the other 240 at most 94; on PGlite, which answers one query at a time, ten posts at
 * once took most of a second to drain. Those few set the p99.
 */
export async function beside(reads, write, seconds) {
  const window = { from: Infinity, to: Infinity };
  const readRun = counted({ connections: 50, ...reads, duration: seconds + 3 }, window);
  await sleep(1000);
  const writeRun = write ? counted({ ...write, duration: seconds + 1 }, window) : null;
  await sleep(1000);
  window.from = performance.now();
  await sleep(seconds * 1000);
  window.to = performance.now();
  const [read, written] = await Promise.all([readRun, writeRun]);
  return { read, write: written };
}

/** Debian's Chromium with the flags this machine needs (bench/lib/chromium.mjs), and `extraArgs`. */
export function launchChromium(extraArgs = []) {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** One statement on PostgreSQL as its admin (`CREATE DATABASE`, `DROP DATABASE`): a connection of its own. */
export async function adminQuery(adminUrl, sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** One JSON call to the server under test, signed in when `token` is given; a refusal throws. */
export async function api(url, method, path, body, token) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}
