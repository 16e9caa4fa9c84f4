// `npm run bench:replica [-- --seconds 5] [-- --rounds 3]`: the signed-in feed with its reads spread
// over the primary and a streaming replica, beside the primary alone, in one run. A primary and a
// standby made with Debian's PostgreSQL under a temporary folder (apps/server/src/test/pg-replication.ts,
// as the replica tests make them), the benchmark data of size M seeded on the primary (bench/seed.mjs); the built server
// (`npm run build` first) started twice on that database: once alone, once with
// DATABASE_REPLICA_URLS naming the standby. Each round loads both and a bare node:http server
// answering the feed's own body (the ratio's baseline). Both databases share this machine's cores
// with the server and the load, so the figure says what a replica costs here, not what a second
// machine would give. Bounded: stops itself after 6 minutes. Writes bench/results/<date>-replica.md.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startReplication } from '../../apps/server/src/test/pg-replication.ts';
import { load, root, startServer } from '../lib/harness.mjs';
import { BENCH_PASSWORD } from '../seed.mjs';
import { appendResults, median } from '../lib/results.mjs';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '3' } },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
if (!(seconds >= 2 && seconds <= 30)) throw new Error('--seconds: 2 to 30');
if (!(Number.isInteger(rounds) && rounds >= 1 && rounds <= 5)) throw new Error('--rounds: 1 to 5');
const overall = setTimeout(() => {
  console.error('bench:replica: stopped after 6 minutes');
  process.exit(1);
}, 6 * 60_000);
overall.unref();

const replication = await startReplication();
const servers = [];
let databaseUrl;
let replicaUrl;
try {
  // The benchmark data of size M (bench/seed.mjs: 10k members, 100k posts…) on the primary.
  const seeded = spawnSync(process.execPath, ['bench/seed.mjs', '--size', 'M'], {
    cwd: root,
    env: { ...process.env, BENCH_DATABASE_URL: replication.primaryUrl },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('bench/seed.mjs failed');
  databaseUrl = replication.primaryUrl.replace(/\/postgres$/, '/jamii_bench_m');
  replicaUrl = replication.standbyUrl.replace(/\/postgres$/, '/jamii_bench_m');

  const common = { DATABASE_URL: databaseUrl, SEED_DEMO: 'off', RATE_LIMITS: 'off' };
  const alone = await startServer({ env: common, readyTimeoutMs: 120_000 });
  servers.push(alone);
  const spread = await startServer({ env: { ...common, DATABASE_REPLICA_URLS: replicaUrl } });
  servers.push(spread);

  const primary = new pg.Client({ connectionString: databaseUrl });
  await primary.connect();
  const { rows: posts } = await primary.query('select count(*)::int as n from posts');
  await primary.end();
  // The feed is read once the standby has replayed it.
  for (let i = 0; ; i++) {
    const standby = new pg.Client({ connectionString: replicaUrl });
    await standby.connect();
    const { rows } = await standby.query('select count(*)::int as n from posts');
    await standby.end();
    if (rows[0].n === posts[0].n) break;
    if (i > 300) throw new Error('the standby did not catch up');
    await new Promise((r) => setTimeout(r, 100));
  }
  // VACUUM ANALYZE, as autovacuum (off on this machine) would have run; it reaches the standby too.
  const vacuum = new pg.Client({ connectionString: databaseUrl });
  await vacuum.connect();
  await vacuum.query('vacuum analyze');
  await vacuum.end();

  const login = await fetch(`${alone.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: '@bench_1', password: BENCH_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const feedPath = '/api/posts?limit=20';
  const body = await (await fetch(`${alone.url}${feedPath}`, { headers })).text();
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(body);
  });
  await new Promise((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${bare.address().port}${feedPath}`;

  const standbyReads = async () => {
    const c = new pg.Client({ connectionString: replicaUrl });
    await c.connect();
    const { rows } = await c.query(
      "select xact_commit::bigint as n from pg_stat_database where datname = 'jamii_bench_m'",
    );
    await c.end();
    return Number(rows[0].n);
  };

  const runs = { bare: [], alone: [], spread: [] };
  const replicaShare = [];
  for (let round = 0; round < rounds; round++) {
    runs.bare.push(await load({ url: bareUrl, duration: seconds }));
    // Taken in turn, so neither always runs on the warmer machine.
    const measureAlone = async () =>
      runs.alone.push(await load({ url: `${alone.url}${feedPath}`, headers, duration: seconds }));
    const measureSpread = async () => {
      const before = await standbyReads();
      const result = await load({ url: `${spread.url}${feedPath}`, headers, duration: seconds });
      const after = await standbyReads();
      runs.spread.push(result);
      replicaShare.push((after - before) / Math.max(1, result.rps * seconds));
    };
    if (round % 2 === 0) {
      await measureAlone();
      await measureSpread();
    } else {
      await measureSpread();
      await measureAlone();
    }
  }
  bare.close();
  const ready = await (await fetch(`${spread.url}/api/ready`)).json();

  const row = (name, list) => ({
    server: name,
    'req/s (median)': median(list.map((r) => r.rps)),
    'p99 ms (median)': median(list.map((r) => r.p99)),
    errors: list.reduce((n, r) => n + r.errors, 0),
    'ratio to bare': (median(list.map((r) => r.rps)) / median(runs.bare.map((r) => r.rps))).toFixed(3),
  });
  const rows = [
    row('bare node:http, same body', runs.bare),
    row('Jamii, primary alone', runs.alone),
    row('Jamii, primary + replica', runs.spread),
  ];
  console.table(rows);
  const share = median(replicaShare);
  const notes = [
    `Spread beside alone: ${(rows[2]['req/s (median)'] / rows[1]['req/s (median)']).toFixed(2)}× the requests per second. ` +
      `Standby transactions per feed request while spread: ${share.toFixed(2)} (median of ${rounds}); ` +
      `/api/ready said ${JSON.stringify(ready.replicas)}.`,
    `Size M (${posts[0].n} posts); 50 connections, ${seconds} s a load, ${rounds} rounds, all on one 2-core machine.`,
  ];
  for (const n of notes) console.log(n);
  appendResults(
    'replica',
    'replica — the signed-in feed with a read replica, beside the primary alone',
    `npm run bench:replica -- --seconds ${seconds} --rounds ${rounds}`,
    rows,
    notes,
  );
} finally {
  for (const s of servers) await s.stop();
  await replication.stop();
}
