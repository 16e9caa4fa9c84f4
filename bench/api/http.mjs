// Requests per second of our endpoints against a bare node:http baseline, interleaved in one run
// so machine noise hits both alike. Report ratios, not absolute numbers.
import { createServer } from 'node:http';
import { freePort, load, startServer } from '../lib/harness.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const port = await freePort();
const bare = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"status":"ok"}');
});
await new Promise((r) => bare.listen(port, '127.0.0.1', r));
const server = await startServer();

const targets = [
  ['bare node:http', `http://127.0.0.1:${port}/`],
  ['GET /api/health', `${server.url}/api/health`],
  ['GET /api/posts?limit=20', `${server.url}/api/posts?limit=20`],
  ['GET /api/jobs?limit=20', `${server.url}/api/jobs?limit=20`],
];
const results = {};
try {
  for (let round = 0; round < 2; round++) {
    for (const [name, url] of targets) {
      const r = await load({ url, duration: seconds });
      (results[name] ??= []).push(r);
    }
  }
} finally {
  await server.stop();
  bare.close();
}
const best = (name) => Math.max(...results[name].map((r) => r.rps));
const base = best('bare node:http');
console.table(
  targets.map(([name]) => {
    const r = results[name].at(-1);
    return {
      endpoint: name,
      rps: best(name),
      ratio: (best(name) / base).toFixed(2),
      p99ms: r.p99,
      errors: r.errors,
    };
  }),
);
