// Cold start to healthy and idle memory: embedded PGlite (first start with migrations and seed, then
// a restart on the same data) and PostgreSQL when BENCH_DATABASE_URL is set. Memory is read twice:
// 3 s after healthy, and settled (30 s after healthy, with no request in between): V8 shrinks its
// young generation, grown by start-up's allocations, 10-20 s after the process falls idle.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { rssMiB, startServer } from './lib.mjs';

const rows = [];
const SETTLED_MS = 30_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Idle RSS 3 s after healthy, then settled. */
async function idleRss(s) {
  await sleep(3000);
  const early = rssMiB(s.pid);
  await sleep(SETTLED_MS - 3000);
  return { rss3sMiB: early, rssSettledMiB: rssMiB(s.pid) };
}

const dir = mkdtempSync(path.join(tmpdir(), 'jamii-bench-start-'));
let s = await startServer({ dataDir: dir });
rows.push({
  database: 'PGlite, first start (migrate + seed)',
  readyMs: s.readyMs,
  ...(await idleRss(s)),
});
await s.stop();
s = await startServer({ dataDir: dir });
rows.push({ database: 'PGlite, restart', readyMs: s.readyMs, ...(await idleRss(s)) });
await s.stop();
rmSync(dir, { recursive: true, force: true });

const adminUrl = process.env.BENCH_DATABASE_URL;
if (adminUrl) {
  const name = `jamii_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    s = await startServer({ env: { DATABASE_URL: url.toString() } });
    rows.push({
      database: 'PostgreSQL, first start (migrate)',
      readyMs: s.readyMs,
      ...(await idleRss(s)),
    });
    await s.stop();
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

console.table(
  rows.map((r) => ({
    database: r.database,
    readyMs: Math.round(r.readyMs),
    'idle RSS MiB, 3 s': Math.round(r.rss3sMiB),
    'idle RSS MiB, settled': Math.round(r.rssSettledMiB),
  })),
);
