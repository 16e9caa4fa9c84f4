// Start-to-healthy and idle memory of several builds of the server, started in turn (ROUNDS times
// each, alternating, so machine noise hits all alike), each on the same database:
//   [DB=postgres://…] [ROUNDS=3] [RESTART=1] node bench/api/start-rss.mjs apps/server/dist/main.js /other/build/main.js
// Without DB each start is a new embedded (PGlite) database in a throw-away folder; with RESTART=1
// each is then started once more on that folder (rows "… restart"). RSS is read 3 s after healthy.
// A build may carry settings of its own: 'MALLOC_TRIM_THRESHOLD_= apps/server/dist/main.js' (lib/harness.mjs,
// startServer's `build`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rssMiB, startServer } from '../lib/harness.mjs';

const env = process.env.DB ? { DATABASE_URL: process.env.DB } : {};
const phases = process.env.RESTART === '1' && !process.env.DB ? ['', ' restart'] : [''];
const builds = process.argv.slice(2);
const rows = {};
for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
  for (const build of builds) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jamii-start-rss-'));
    for (const phase of phases) {
      const s = await startServer({ build, dataDir, env, readyTimeoutMs: 180_000 });
      await new Promise((r) => setTimeout(r, 3000));
      (rows[build + phase] ??= []).push({ ready: Math.round(s.readyMs), rss: Math.round(rssMiB(s.pid)) });
      await s.stop({ keepData: true });
    }
    rmSync(dataDir, { recursive: true, force: true });
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
