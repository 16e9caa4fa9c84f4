// `npm run bench:api [-- --size M|L] [-- --pglite DIR]`: the API under load on the seeded benchmark
// data (run `npm run seed:bench -- --size M` first, and `npm run build`). Each endpoint is loaded by
// autocannon (50 connections, no pipelining) for BENCH_SECONDS (3) in 3 rounds; every round first
// loads a bare node:http server answering the feed's own JSON body, so each median is quoted beside
// the bare median of the same run as a ratio. RATE_LIMITS=off for the server under test.
// Writes its table to bench/results/<date>-api.md (BENCH_NO_RESULTS=1 to skip).
import { createServer } from 'node:http';
import pg from 'pg';
import { appendResults, median, parseSize } from '../lib/results.mjs';
import { apiTargets, removeBenchPosts } from './api-targets.mjs';
import { benchDatabaseUrl } from '../seed.mjs';
import { beside, freePort, idleRssMiB, load, rssMiB, SETTLED_MS, startServer } from '../lib/harness.mjs';

/** The mixes' reads alone: the signed-in feed over the window the mixes count (lib/harness.mjs `beside`). */
const MIX_READS = 'feed, signed in, alone, counted as in the mixes';
const { size, pglite } = parseSize(process.argv.slice(2));
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const { url: databaseUrl } = benchDatabaseUrl(size);

// The 99%-deep cursor is made from the row at that depth (the API pages there by keyset).
let deepCursor;
if (!pglite) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query(
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t, id
     from posts order by created_at desc, id desc offset (select (count(*) * 0.99)::int from posts) limit 1`,
  );
  await db.end();
  deepCursor = Buffer.from(`${rows[0].t}|${rows[0].id}`).toString('base64url');
}

const server = await startServer(
  pglite
    ? { dataDir: pglite, env: { RATE_LIMITS: 'off' } }
    : { env: { DATABASE_URL: databaseUrl, RATE_LIMITS: 'off' } },
);
const results = {};
const idleRss = (await idleRssMiB(server.pid)).settled;
let peakRss = idleRss;
const bare = createServer();
try {
  const feedBody = await (await fetch(`${server.url}/api/posts?limit=20`)).text();
  bare.on('request', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(feedBody);
  });
  const barePort = await freePort();
  await new Promise((r) => bare.listen(barePort, '127.0.0.1', r));

  const targets = [
    ['bare node:http (feed body)', { url: `http://127.0.0.1:${barePort}/` }],
    ...(await apiTargets(server.url, { deepCursor })),
  ];
  const byName = Object.fromEntries(targets);
  // One short warm-up of each, so the first round does not pay for JIT and cold caches alone.
  for (const [, opts] of targets) await load({ ...opts, connections, duration: 1 });
  const keep = (name, r) => (results[name] ??= []).push(r);
  for (let round = 0; round < rounds; round++) {
    for (const [name, opts] of targets) {
      keep(name, await load({ ...opts, connections, duration: seconds }));
      peakRss = Math.max(peakRss, rssMiB(server.pid));
    }
    // The targets' mixes (bench/README.md): writes and logins at a fixed rate while the signed-in
    // feed is read at full load, each read beside the same round's reads alone, measured the same
    // way (lib/harness.mjs `beside`); and a login alone.
    const reads = { ...byName['feed, signed in'], connections };
    keep(MIX_READS, (await beside(reads, null, seconds)).read);
    for (const [writeName, opts, rate] of [
      ['POST /api/posts', byName['POST /api/posts'], 50],
      ['POST /api/login', byName['POST /api/login'], 20],
    ]) {
      const { read, write } = await beside(reads, { ...opts, connections: 10, overallRate: rate }, seconds);
      keep(`feed, signed in, while ${writeName} runs at ${rate}/s`, read);
      keep(`${writeName} at ${rate}/s, while the feed is read`, write);
      peakRss = Math.max(peakRss, rssMiB(server.pid));
    }
    keep(
      'POST /api/login, one at a time',
      await load({ ...byName['POST /api/login'], connections: 1, duration: seconds }),
    );
  }
  // Let the last answers (logins take a while) go out before the server stops.
  await new Promise((r) => setTimeout(r, 1000));
} finally {
  await server.stop();
  bare.close();
  // On PGlite the posts stay: its folder is the server's, and a new seed is a minute.
  if (!pglite) console.log(`removed the ${await removeBenchPosts(databaseUrl)} posts this run wrote`);
}

const med = (name, key) => median(results[name].map((r) => r[key]));
const base = med('bare node:http (feed body)', 'rps');
const rows = Object.keys(results).map((name) => ({
  endpoint: name,
  'req/s': med(name, 'rps'),
  'ratio to bare': (med(name, 'rps') / base).toFixed(3),
  'p50 ms': med(name, 'p50'),
  'p99 ms': med(name, 'p99'),
  errors: results[name].reduce((s, r) => s + r.errors, 0),
}));
console.table(rows);
const rise = (writeName, rate) =>
  `${(100 * (med(`feed, signed in, while ${writeName} runs at ${rate}/s`, 'p99') / med(MIX_READS, 'p99') - 1)).toFixed(0)}%`;
const mixes = `The signed-in feed's p99 rises ${rise('POST /api/login', 20)} while 20 logins/s run (target ≤ 20%), ${rise('POST /api/posts', 50)} while 50 posts/s are written.`;
console.log(mixes);
const store = pglite ? 'PGlite' : 'PostgreSQL';
console.log(
  `server RSS: idle (settled) ${idleRss.toFixed(0)} MiB, peak under load ${peakRss.toFixed(0)} MiB`,
);
appendResults(
  'api',
  `bench:api — ${store}, size ${size}, ${connections} connections, ${rounds}×${seconds} s, medians`,
  `npm run bench:api -- --size ${size}${pglite ? ' --pglite DIR' : ''}`,
  rows,
  [
    `Server RSS: idle (settled, ${SETTLED_MS / 1000} s after start) ${idleRss.toFixed(0)} MiB, peak under load ${peakRss.toFixed(0)} MiB.`,
    mixes,
  ],
);
