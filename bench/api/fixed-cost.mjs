// The request path's fixed cost: GET /api/health through the whole app (every hook,
// the zod serializer, the logger) beside a bare node:http server answering the same body, in
// alternating rounds of one run so machine noise hits all alike; medians and ratios to the bare
// median. Other builds can be measured in the same run, to compare a change with what was before:
//   node bench/api/fixed-cost.mjs [--rounds 3] [--seconds 5] [--connections 50] [--path /api/health]
//     [--server before=/path/to/dist/main.js] [--server after=apps/server/dist/main.js] [--cpu-prof DIR]
// A server may carry settings: --server 'glibc=MALLOC_TRIM_THRESHOLD_= apps/server/dist/main.js' (lib/harness.mjs, startServer's `build`).
// With BENCH_DATABASE_URL the servers use that PostgreSQL database (they migrate it), else PGlite.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { freePort, load, processUsage, rssMiB, startServer } from '../lib/harness.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    path: { type: 'string', multiple: true },
    server: { type: 'string', multiple: true },
    'cpu-prof': { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const duration = Number(values.seconds);
const connections = Number(values.connections);
const paths = values.path ?? ['/api/health'];
const servers = (values.server ?? ['built=apps/server/dist/main.js']).map((s) => {
  const at = s.indexOf('=');
  return { name: s.slice(0, at), build: s.slice(at + 1) };
});
const env = process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {};
const nodeArgs = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [];

// The baseline in a process of its own, like the servers, so each one's CPU time can be read.
const barePort = await freePort();
const bare = spawn(
  process.execPath,
  [
    '-e',
    `require('node:http').createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end('{"status":"ok"}');
    }).listen(${barePort}, '127.0.0.1', () => console.log('up'))`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
await new Promise((r) => bare.stdout.once('data', r));

const started = [];
for (const s of servers) started.push({ ...s, server: await startServer({ build: s.build, env, nodeArgs }) });
const targets = [['bare node:http', `http://127.0.0.1:${barePort}/`, bare.pid]];
for (const s of started)
  for (const p of paths) targets.push([`${s.name} GET ${p}`, `${s.server.url}${p}`, s.server.pid]);

const results = new Map(targets.map(([name]) => [name, []]));
const ratios = new Map(targets.map(([name]) => [name, []]));
const idle = started.map((s) => Math.round(rssMiB(s.server.pid)));
try {
  for (let round = 0; round < rounds; round++) {
    // A different order each round, so no target always runs first or last.
    const order = round % 2 ? [...targets].reverse() : targets;
    const byName = {};
    for (const [name, url, pid] of order) {
      // CPU time per request: steadier than req/s.
      const cpuBefore = processUsage(pid).cpuMs;
      const r = await load({ url, duration, connections });
      r.cpuUs = ((processUsage(pid).cpuMs - cpuBefore) * 1000) / (r.rps * duration);
      results.get(name).push(r);
      byName[name] = r;
    }
    for (const [name] of targets) ratios.get(name).push(byName[name].rps / byName['bare node:http'].rps);
  }
} finally {
  const loaded = started.map((s) => Math.round(rssMiB(s.server.pid)));
  for (const s of started) await s.server.stop();
  bare.kill();
  started.forEach((s, i) =>
    console.log(`${s.name}: RSS idle ${idle[i]} MiB, after the load ${loaded[i]} MiB`),
  );
}

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
console.table(
  targets.map(([name]) => {
    const rs = results.get(name);
    return {
      target: name,
      'req/s (median)': Math.round(median(rs.map((r) => r.rps))),
      'ratio to bare (median of rounds)': median(ratios.get(name)).toFixed(3),
      'CPU µs/request': Math.round(median(rs.map((r) => r.cpuUs))),
      'p50 ms': median(rs.map((r) => r.p50)),
      'p99 ms': median(rs.map((r) => r.p99)),
      errors: rs.reduce((n, r) => n + r.errors, 0),
    };
  }),
);
