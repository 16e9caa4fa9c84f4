// Cold start to healthy and idle memory: embedded PGlite (first start with migrations and seed, then
// a restart on the same data) and PostgreSQL when BENCH_DATABASE_URL is set. Memory is read twice:
// 3 s after healthy, and settled (lib/harness.mjs idleRssMiB).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { idleRssMiB, startServer } from '../lib/harness.mjs';

const rows = [];

const dir = mkdtempSync(path.join(tmpdir(), 'jamii-bench-start-'));
let s = await startServer({ dataDir: dir });
rows.push({
  database: 'PGlite, first start (migrate + seed)',
  readyMs: s.readyMs,
  ...(await idleRssMiB(s.pid)),
});
await s.stop();
s = await startServer({ dataDir: dir });
rows.push({ database: 'PGlite, restart', readyMs: s.readyMs, ...(await idleRssMiB(s.pid)) });
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
      ...(await idleRssMiB(s.pid)),
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
    'idle RSS MiB, 3 s': Math.round(r.early),
    'idle RSS MiB, settled': Math.round(r.settled),
  })),
);
