// Memory under load (the target: ≤ 250 MB on PostgreSQL): each build in turn (ROUNDS times each,
// alternating, so machine noise hits all alike) on the seeded M database, loaded with bench:api's
// requests one after another (50 connections, SECONDS each, after a 1 s warm-up of each), its RSS
// read every 50 ms; the peak, and the RSS once the load has ended:
//   [ROUNDS=3] [SECONDS=3] node bench/api/rss-under-load.mjs apps/server/dist/main.js /other/build/main.js
// A build may carry settings of its own: 'MALLOC_TRIM_THRESHOLD_= apps/server/dist/main.js' (lib/harness.mjs, startServer's `build`).
// `npm run seed:bench -- --size M` and `npm run build` first. Printed, not written to bench/results/.
import { apiTargets, removeBenchPosts } from './api-targets.mjs';
import { load, rssMiB, startServer } from '../lib/harness.mjs';
import { benchDatabaseUrl } from '../seed.mjs';

const env = { DATABASE_URL: benchDatabaseUrl('M').url, RATE_LIMITS: 'off' };
const seconds = Number(process.env.SECONDS ?? 3);
const builds = process.argv.slice(2);
if (builds.length === 0) builds.push('apps/server/dist/main.js');
const rows = {};
for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
  for (const build of builds) {
    const server = await startServer({ build, env });
    try {
      const targets = await apiTargets(server.url);
      for (const [, opts] of targets) await load({ ...opts, duration: 1 });
      let peak = rssMiB(server.pid);
      const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(server.pid))), 50);
      const rps = [];
      for (const [, opts] of targets) rps.push((await load({ ...opts, duration: seconds })).rps);
      clearInterval(sampler);
      (rows[build] ??= []).push({ peak, after: rssMiB(server.pid), rps: rps[0] });
    } finally {
      await server.stop();
      await removeBenchPosts(env.DATABASE_URL);
    }
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const list = (rs, key) => rs.map((r) => Math.round(r[key])).join(' ');
console.table(
  Object.entries(rows).map(([main, rs]) => ({
    build: main,
    'peak RSS MiB': list(rs, 'peak'),
    'peak (median)': Math.round(median(rs.map((r) => r.peak))),
    'RSS after MiB': list(rs, 'after'),
    'anonymous feed req/s': list(rs, 'rps'),
  })),
);
