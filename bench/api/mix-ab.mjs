// The targets' mixes (bench/README.md) as an A/B of builds (or of one build with different
// settings): the signed-in feed read at full speed (50 connections) while posts are written at 50/s
// for 5 s, then while logins run at 20/s (lib/harness.mjs `beside`), beside the feed alone counted the
// same way; each build in turn, ROUNDS times, alternating, so machine noise hits all alike. Per run: the feed's req/s and p99, the writes'
// p50 and p99, and the server's CPU time and minor page faults over the whole mix (8 s).
//   [ROUNDS=3] node bench/api/mix-ab.mjs 'MALLOC_TRIM_THRESHOLD_= MALLOC_MMAP_THRESHOLD_= apps/server/dist/main.js' apps/server/dist/main.js
// (a build may carry settings of its own: lib/harness.mjs, startServer's `build`). On the seeded M database:
// `npm run seed:bench -- --size M` and `npm run build` first. Printed, not written to bench/results/.
import { apiTargets, removeBenchPosts } from './api-targets.mjs';
import { beside, load, processUsage, startServer } from '../lib/harness.mjs';
import { benchDatabaseUrl } from '../seed.mjs';

const env = { DATABASE_URL: benchDatabaseUrl('M').url, RATE_LIMITS: 'off' };
const MIXES = [
  ['POST /api/posts', 50],
  ['POST /api/login', 20],
];

const rows = {};
for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
  for (const build of process.argv.slice(2)) {
    const server = await startServer({ build, env });
    try {
      const targets = Object.fromEntries(await apiTargets(server.url));
      const read = targets['feed, signed in'];
      await load({ ...read, duration: 2 });
      const alone = (await beside(read, null, 5)).read;
      (rows[`${build} | feed alone`] ??= []).push(`${alone.rps}/s p99 ${alone.p99} ms`);
      for (const [write, rate] of MIXES) {
        const before = processUsage(server.pid);
        const { read: feed, write: written } = await beside(
          read,
          { ...targets[write], connections: 10, overallRate: rate },
          5,
        );
        const after = processUsage(server.pid);
        (rows[`${build} | ${write} at ${rate}/s`] ??= []).push(
          `${feed.rps}/s p99 ${feed.p99} ms, writes p50 ${written.p50} p99 ${written.p99} ms, CPU ${after.cpuMs - before.cpuMs} ms, ${after.faults - before.faults} faults`,
        );
      }
    } finally {
      await server.stop();
      await removeBenchPosts(env.DATABASE_URL);
    }
  }
}
console.table(rows);
