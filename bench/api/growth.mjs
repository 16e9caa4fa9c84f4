// `npm run bench:growth`: every list at size M and at size L (ten times the data; run
// `npm run seed:bench -- --size M` and `-- --size L` first, and `npm run build`). For each list:
// its p50 latency at M and at L under a light load (autocannon, 10 connections, 3 rounds of
// BENCH_SECONDS = 2 s at each size, the sizes alternating, medians) and the ratio L/M (target
// ≤ 1.3); and, at L, EXPLAIN (ANALYZE, BUFFERS) of every SELECT the request made (captured from the
// server's pg client by capture-sql.mjs): sequential scans of large tables and sorts over many rows
// are flagged. The plans go to bench/plans-L.txt (ignored by git); the table to bench/results/<date>-growth.md.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { load, startServer } from '../lib/harness.mjs';
import { appendResults, median } from '../lib/results.mjs';
import { signIn } from './api-targets.mjs';
import { benchDatabaseUrl } from '../seed.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const LARGE_ROWS = 5_000; // a scan or sort over more rows than this is flagged

const LISTS = [
  ['feed, anonymous', '/api/posts?limit=20', false],
  ['feed, signed in', '/api/posts?limit=20', true],
  ['feed, following', '/api/posts?limit=20&feed=following', true],
  ['feed, search "harambee"', '/api/posts?limit=20&search=harambee', true],
  ["a member's posts", '/api/posts/user/2?limit=20', true],
  ["a post's comments", '/api/posts/3/comments?limit=20', true],
  ['bids with offers', '/api/bids?limit=20', true],
  ["a bid's offers", '/api/bids/offers/5', true],
  ['jobs', '/api/jobs?limit=20', true],
  ['jobs search "driver"', '/api/jobs?limit=20&search=driver', true],
  ['hiring explore', '/api/hiring/explore?limit=20', true],
  ['topics explore', '/api/topics/explore?limit=20', true],
  ['Discover people "wanjiru"', '/api/users/suggestions?search=wanjiru', true],
  ['people suggestions', '/api/users/suggestions', true],
  ['conversations', '/api/conversations?limit=20', true],
  ['conversation messages', '/api/conversations/1/messages?limit=20', true],
  ['notifications', '/api/notifications/1?limit=20', true],
];

function planFacts(plan) {
  const seq = [];
  const sorts = [];
  const filtered = [];
  let indexScans = 0;
  const walk = (node) => {
    const type = node['Node Type'];
    const read =
      ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1);
    if (type === 'Seq Scan' && read > LARGE_ROWS) seq.push(`${node['Relation Name']} (${read} rows read)`);
    // An index walked in order while a filter throws rows away also grows with the table.
    const removed = (node['Rows Removed by Filter'] ?? 0) * (node['Actual Loops'] ?? 1);
    if (/Index/.test(type) && removed > LARGE_ROWS)
      filtered.push(`${node['Index Name']} (${removed} rows filtered out)`);
    if (/Index|Bitmap/.test(type)) indexScans++;
    if (type === 'Sort' || type === 'Incremental Sort') {
      const input = node.Plans?.[0]?.['Actual Rows'] ?? 0;
      if (input > LARGE_ROWS) sorts.push(`${input} rows`);
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  return { seq, sorts, filtered, indexScans, ms: plan['Execution Time'] };
}

/** A server on the database of one size, signed in, with the SQL it runs written to its own log. */
async function open(size) {
  const { url } = benchDatabaseUrl(size);
  const dir = mkdtempSync(path.join(tmpdir(), 'jamii-growth-'));
  const log = path.join(dir, 'sql.jsonl');
  writeFileSync(log, '');
  // From the sources: the built server holds its own copy of pg (apps/server/build.mjs), which the
  // capture's patch of node_modules' pg would not see. Timings are compared M to L, alike.
  const server = await startServer({
    env: { DATABASE_URL: url, RATE_LIMITS: 'off', BENCH_SQL_LOG: log },
    nodeArgs: ['--import', path.join(import.meta.dirname, 'capture-sql.mjs')],
    source: true,
  });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const auth = await signIn(server.url, '@bench_1');
  const close = async () => {
    await db.end();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { size, server, db, log, auth, close };
}

/** The first answer's status and the SQL statements the request ran. */
async function firstRequest(side, p, headers) {
  writeFileSync(side.log, '');
  const first = await fetch(`${side.server.url}${p}`, { headers });
  await first.arrayBuffer();
  const queries = readFileSync(side.log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  return { status: first.status, queries };
}

async function explainAll(db, queries) {
  const plans = [];
  for (const q of queries) {
    // In a transaction rolled back, in case a captured WITH … writes.
    await db.query('begin');
    try {
      const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${q.text}`, q.values);
      const plan = rows[0]['QUERY PLAN'][0];
      const text = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values);
      plans.push({
        sql: q.text,
        facts: planFacts(plan),
        text: text.rows.map((r) => r['QUERY PLAN']).join('\n'),
      });
    } finally {
      await db.query('rollback');
    }
  }
  return plans;
}

// Both servers run at once and each list's rounds alternate M, L, M, L…: a shared machine's slow
// minutes then fall on both sizes alike. Measured every list at M and then every list at L, they
// could land on one size only: a list whose code had not changed read 1.00 in one run, 1.44 in the
// next (2026-11-28).
const sides = [await open('M'), await open('L')];
const results = { M: {}, L: {} };
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
try {
  for (const [name, p, signedIn] of LISTS) {
    // The previous load may still have answers in flight: let them finish first (here also so that
    // their SQL does not join the log the first request reads).
    await pause(1500);
    const at = sides.map((side) => ({
      side,
      url: `${side.server.url}${p}`,
      headers: signedIn ? side.auth : {},
      runs: [],
    }));
    for (const a of at) {
      a.first = await firstRequest(a.side, p, a.headers);
      await load({ url: a.url, headers: a.headers, connections: 10, duration: 1 });
    }
    for (let i = 0; i < rounds; i++) {
      for (const a of at) {
        await pause(500);
        a.runs.push(await load({ url: a.url, headers: a.headers, connections: 10, duration: seconds }));
      }
    }
    for (const a of at) {
      results[a.side.size][name] = {
        status: a.first.status,
        p50: median(a.runs.map((r) => r.p50)),
        errors: a.runs.reduce((sum, r) => sum + r.errors, 0),
      };
    }
    results.L[name].plans = await explainAll(at[1].side.db, at[1].first.queries);
    const [atM, atL] = at.map((a) => results[a.side.size][name]);
    console.log(`${name}: ${atM.status}/${atL.status}, p50 M ${atM.p50} ms, L ${atL.p50} ms`);
  }
} finally {
  for (const side of sides) await side.close();
}

const { M: m, L: l } = results;
const rows = LISTS.map(([name]) => {
  const plans = l[name].plans;
  const seq = plans.flatMap((p) => p.facts.seq);
  const sorts = plans.flatMap((p) => p.facts.sorts);
  const filtered = plans.flatMap((p) => p.facts.filtered);
  const ratio = m[name].p50 > 0 ? l[name].p50 / m[name].p50 : NaN;
  return {
    list: name,
    status: `${m[name].status}/${l[name].status}`,
    'errors M/L': `${m[name].errors}/${l[name].errors}`,
    'p50 M ms': m[name].p50,
    'p50 L ms': l[name].p50,
    'L/M': Number.isFinite(ratio) ? ratio.toFixed(2) : 'n/a',
    queries: plans.length,
    'SQL ms at L': plans.reduce((s, p) => s + p.facts.ms, 0).toFixed(1),
    'large seq scans': seq.join('; ') || 'none',
    'large sorts': sorts.join('; ') || 'none',
    'index scans filtering many rows': filtered.join('; ') || 'none',
  };
});
console.table(rows);
writeFileSync(
  path.join(import.meta.dirname, '../plans-L.txt'),
  LISTS.map(([name, p]) =>
    [`=== ${name}: GET ${p}`, ...l[name].plans.map((q) => `--- ${q.sql}\n${q.text}`)].join('\n\n'),
  ).join('\n\n\n'),
);
appendResults(
  'growth',
  'bench:growth — every list at M and L (PostgreSQL, 10 connections, sizes alternating, medians)',
  'npm run bench:growth',
  rows,
  [
    `Large = more than ${LARGE_ROWS} rows. Plans at L: bench/plans-L.txt (EXPLAIN (ANALYZE, BUFFERS) of each SELECT the request made).`,
  ],
);
