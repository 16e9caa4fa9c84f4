// Start-to-healthy and idle memory of several builds of the server, started in turn (ROUNDS times
// each, alternating, so machine noise hits all alike), each on the same database:
//   [DB=postgres://…] [ROUNDS=3] node bench/start-rss.mjs apps/server/dist/main.js /other/build/main.js
// Without DB each start is a new embedded (PGlite) database in a throw-away folder.
import { rssMiB, startServer } from './lib.mjs';

const env = process.env.DB ? { DATABASE_URL: process.env.DB } : {};
const builds = process.argv.slice(2);
const rows = {};
for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
  for (const main of builds) {
    const s = await startServer({ main, env, readyTimeoutMs: 180_000 });
    await new Promise((r) => setTimeout(r, 3000));
    (rows[main] ??= []).push({ ready: Math.round(s.readyMs), rss: Math.round(rssMiB(s.pid)) });
    await s.stop();
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.table(
  Object.entries(rows).map(([main, rs]) => ({
    build: main,
    'ready ms': rs.map((r) => r.ready).join(' '),
    'ready ms (median)': median(rs.map((r) => r.ready)),
    'idle RSS MiB': rs.map((r) => r.rss).join(' '),
    'idle RSS MiB (median)': median(rs.map((r) => r.rss)),
  })),
);
