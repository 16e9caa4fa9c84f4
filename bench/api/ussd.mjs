// `npm run bench:ussd [-- --sessions 200] [-- --seconds 10] [-- --think 2] [-- --pg]`: Jamii's USSD
// callback under Africa's Talking's load (target in bench/README.md: p99 ≤ 300 ms at 200 concurrent
// sessions at a person's pace, well inside the gateway's 15 s). The built server
// (apps/server/dist/main.js; `npm run build` first) with the demo content, on 127.0.0.1: on a new
// embedded database, and with --pg on a throw-away PostgreSQL database too (made on
// BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres, filled by
// dist/seed.js and dropped after). Each session walks a visitor's session screen by screen (a
// language, Jobs near me, a county, its list, a job, back, another job), each callback carrying every
// answer so far as the gateway sends them, under its own sessionId and number; then a new session.
//
// Three loads, each `--seconds` long:
// - paced (the target): `--sessions` people, each answering `--think` seconds after their screen
//   arrives (2 s is a fast typist), their first callbacks spread over the first `--think` seconds as
//   people dial one by one; timed after every session has started.
// - lockstep: autocannon's `overallRate` (sessions / think a second), kept because the earlier
//   figures were measured so. It is not a person's pace: it caps the connections at that rate and
//   sends all of them at the start of every second, a burst that queues behind itself.
// - capacity: no think time; every connection waits its turn, so its p99 is the queue.
// Beside them, a bare node:http server answering a screen of the same size, as the ratio's baseline.
// Bounded: the run stops itself after 5 minutes. Writes its tables to bench/results/<date>-ussd.md
// (BENCH_NO_RESULTS=1 skips).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, Agent, request } from 'node:http';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { adminQuery, freePort, load, processUsage, root, startServer } from '../lib/harness.mjs';
import { appendResults, percentile } from '../lib/results.mjs';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    think: { type: 'string', default: '2' },
    pg: { type: 'boolean', default: false },
  },
});
const sessions = Number(values.sessions);
const seconds = Number(values.seconds);
if (!(Number.isInteger(sessions) && sessions >= 1 && sessions <= 2000))
  throw new Error('--sessions: 1 to 2000');
if (!(Number.isInteger(seconds) && seconds >= 2 && seconds <= 60)) throw new Error('--seconds: 2 to 60');
const think = Number(values.think);
if (!(think >= 0.5 && think <= 15)) throw new Error('--think: 0.5 to 15 seconds');
const overall = setTimeout(() => {
  console.error('bench:ussd: stopped after 5 minutes');
  process.exit(1);
}, 300_000);
overall.unref();

/** A visitor's session, one callback per screen: the `text` the gateway posts for each. */
const SESSION = ['', '1', '1*1', '1*1*Nairobi', '1*1*Nairobi*1', '1*1*Nairobi*1*0', '1*1*Nairobi*1*0*2'];
const phoneOf = (n) => `+2547${String(10_000_000 + n).slice(-8)}`;
const form = (sessionId, phone, text) =>
  new URLSearchParams({
    sessionId,
    serviceCode: '*384*5566#',
    phoneNumber: phone,
    networkCode: '63902',
    text,
  }).toString();
const HEADERS = { 'content-type': 'application/x-www-form-urlencoded' };

/** One callback on a kept-alive connection: resolves with its time (ms), rejects on a non-200. */
function post(url, agent, body) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(`${url}/api/ussd`, { method: 'POST', agent, headers: HEADERS }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(performance.now() - started)
          : reject(new Error(`${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * `sessions` people, each answering `think` s after a screen arrives; the answers that arrive within
 * the `seconds` after the last session has started are counted.
 */
async function paced(url, pid) {
  const agent = new Agent({ keepAlive: true, maxSockets: sessions });
  const latencies = [];
  let errors = 0;
  const window = { from: performance.now() + think * 1000, to: 0 };
  window.to = window.from + seconds * 1000;
  let runs = 0;
  const cpuBefore = processUsage(pid).cpuMs;
  const person = async (n) => {
    await sleep((n * think * 1000) / sessions);
    for (let round = 0; performance.now() < window.to; round++) {
      const sessionId = `bench-paced-${n}-${round}`;
      for (const text of SESSION) {
        if (performance.now() >= window.to) return;
        try {
          const ms = await post(url, agent, form(sessionId, phoneOf(n), text));
          const now = performance.now();
          if (now >= window.from && now <= window.to) latencies.push(ms);
        } catch {
          errors++;
        }
        runs++;
        await sleep(think * 1000);
      }
    }
  };
  await Promise.all(Array.from({ length: sessions }, (_, n) => person(n)));
  const cpuMs = processUsage(pid).cpuMs - cpuBefore;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(latencies.length / seconds),
    p50: Math.round(percentile(latencies, 50)),
    p95: Math.round(percentile(latencies, 95)),
    p99: Math.round(percentile(latencies, 99)),
    max: Math.round(latencies.at(-1) ?? 0),
    errors,
    count: latencies.length,
    runs,
    // What a callback costs the server's process, whatever else the machine runs (not PostgreSQL's own).
    cpuPerCallback: cpuMs / runs,
  };
}

/** autocannon's requests for whole sessions: each connection starts a new session every round. */
function sessionRequests(prefix) {
  let next = 0;
  return SESSION.map((text, i) => ({
    method: 'POST',
    path: '/api/ussd',
    headers: HEADERS,
    setupRequest(req, context) {
      if (i === 0) context.session = next++;
      return {
        ...req,
        body: form(`${prefix}-${context.session}`, phoneOf(context.session % sessions), text),
      };
    },
  }));
}

async function measure(database, env) {
  const server = await startServer({ env: { SEED_DEMO: 'on', ...env }, readyTimeoutMs: 120_000 });
  try {
    // The gateway's screens must be what a phone shows before they are timed.
    for (const text of SESSION) {
      const res = await fetch(`${server.url}/api/ussd`, {
        method: 'POST',
        headers: HEADERS,
        body: form('bench-check', phoneOf(0), text),
      });
      const body = await res.text();
      if (!res.ok || !/^(CON|END) /.test(body) || body.length > 182)
        throw new Error(`not a USSD screen for ${JSON.stringify(text)}: ${res.status} ${body}`);
    }
    const person = await paced(server.url, server.pid);
    const lockstep = await load({
      url: server.url,
      connections: sessions,
      duration: seconds,
      requests: sessionRequests('bench-lockstep'),
      overallRate: Math.round(sessions / think),
    });
    const capacity = await load({
      url: server.url,
      connections: sessions,
      duration: seconds,
      requests: sessionRequests('bench-capacity'),
    });
    return { database, person, lockstep, capacity };
  } finally {
    await server.stop();
  }
}

const pgBase =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A throw-away database on the PostgreSQL server, migrated and filled with the demo content. */
async function withPostgres(work) {
  const name = `jamii_bench_ussd_${process.pid}`;
  await adminQuery(pgBase, `create database ${name}`);
  const url = Object.assign(new URL(pgBase), { pathname: `/${name}` }).toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jamii-bench-seed-'));
  try {
    execFileSync(process.execPath, ['apps/server/dist/seed.js'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return await work({ DATABASE_URL: url });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(pgBase, `drop database if exists ${name} with (force)`);
  }
}

const screen = 'CON Jobs in Nairobi\n1 Accountant, Tujenge Ltd\n2 Driver, Safari Tours\n6 More\n0 Back';
const bare = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(screen));
});
const barePort = await freePort();
await new Promise((resolve) => bare.listen(barePort, '127.0.0.1', resolve));

try {
  const runs = [await measure('PGlite', {})];
  if (values.pg) runs.push(await withPostgres((env) => measure('PostgreSQL', env)));
  const baseline = await load({
    url: `http://127.0.0.1:${barePort}`,
    connections: sessions,
    duration: seconds,
    requests: sessionRequests('bench-bare'),
  });
  const rows = runs.flatMap(({ database, person, lockstep, capacity }) => [
    {
      load: `${database}: ${sessions} sessions, each answering ${think} s after its screen`,
      'req/s': person.rps,
      'p50 ms': person.p50,
      'p95 ms': person.p95,
      'p99 ms': person.p99,
      'max ms': person.max,
      errors: person.errors,
      'server CPU ms a callback': person.cpuPerCallback.toFixed(2),
    },
    {
      load: `${database}: lockstep, ${Math.round(sessions / think)} callbacks at the start of each second`,
      'req/s': lockstep.rps,
      'p50 ms': lockstep.p50,
      'p95 ms': '',
      'p99 ms': lockstep.p99,
      'max ms': '',
      errors: lockstep.errors,
      'server CPU ms a callback': '',
    },
    {
      load: `${database}: ${sessions} connections, no think time (capacity)`,
      'req/s': capacity.rps,
      'p50 ms': capacity.p50,
      'p95 ms': '',
      'p99 ms': capacity.p99,
      'max ms': '',
      errors: capacity.errors,
      'server CPU ms a callback': '',
    },
  ]);
  rows.push({
    load: 'bare node:http, same callbacks',
    'req/s': baseline.rps,
    'p50 ms': baseline.p50,
    'p95 ms': '',
    'p99 ms': baseline.p99,
    'max ms': '',
    errors: baseline.errors,
    'server CPU ms a callback': '',
  });
  console.table(rows);
  for (const { database, person, capacity } of runs)
    console.log(
      `${database}: paced p50 ${person.p50} ms, p95 ${person.p95}, p99 ${person.p99} (target ≤ 300) over ${person.count} callbacks, ${person.cpuPerCallback.toFixed(2)} ms of server CPU each; ` +
        `capacity ${capacity.rps} req/s, ${(capacity.rps / baseline.rps).toFixed(3)}× bare`,
    );
  const busy = `${loadavg()[0].toFixed(1)} on ${cpus().length} cores`;
  appendResults(
    'ussd',
    `USSD callback — ${sessions} concurrent sessions, ${seconds} s a load`,
    `${process.env.BENCH_SERVER_MAIN ? `BENCH_SERVER_MAIN=${process.env.BENCH_SERVER_MAIN} ` : ''}npm run bench:ussd -- --sessions ${sessions} --seconds ${seconds} --think ${think}${values.pg ? ' --pg' : ''}`,
    rows,
    [
      `Target: p99 ≤ 300 ms for ${sessions} sessions at a person's pace (the first row of each database). ` +
        `The lockstep row is autocannon's overallRate, the load the earlier figures were measured with: ` +
        `it holds ${Math.min(sessions, Math.round(sessions / think))} connections and sends all of them at ` +
        `the start of each second. In the capacity row every connection waits its turn, so its p99 is the ` +
        `queue (${sessions} / req/s), not a screen's time. Load average at the end: ${busy}.`,
    ],
  );
} finally {
  bare.close();
}
