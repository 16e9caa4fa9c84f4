// Search latency on PostgreSQL with 100,000 members and 100,000 posts (Discover's search).
// Needs BENCH_DATABASE_URL (an admin connection, e.g. postgres://postgres@127.0.0.1:5432/postgres);
// creates and drops its own database. Prints p50/p99 per endpoint and the plan of the posts search.
import pg from 'pg';
import { BENCH_TOWNS, BENCH_WORDS, load, startServer } from '../lib/harness.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  console.log('BENCH_DATABASE_URL is not set: search benchmark skipped');
  process.exit(0);
}
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const name = `jamii_bench_search_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
let server;
const db = new pg.Client({ connectionString: url.toString() });
try {
  server = await startServer({ env: { DATABASE_URL: url.toString() } });
  await db.connect();
  const t0 = performance.now();
  await db.query(
    `insert into users (username, name, email, location, password_hash)
     select '@bench' || g, 'Member ' || g || ' ' || (array['Wanjiru','Otieno','Achieng','Kiprop','Mwangi'])[1 + g % 5],
            'bench' || g || '@bench.co.ke', ($1::text[])[1 + g % 10], 'x'
     from generate_series(1, $2::int) g`,
    [BENCH_TOWNS, ROWS],
  );
  await db.query(
    `insert into posts (user_id, content, created_at)
     select 1 + (g * 7919) % $2::int,
            'Post ' || g || ' about ' || ($1::text[])[1 + g % 10] || ' in town ' || (g % 997) || ' #tag' || (g % 50),
            now() - (g || ' seconds')::interval
     from generate_series(1, $2::int) g`,
    [BENCH_WORDS, ROWS],
  );
  await db.query('analyze');
  console.log(`filled ${ROWS} members and ${ROWS} posts in ${Math.round(performance.now() - t0)} ms`);

  const password = 'Kilima-Juu-2024!';
  const signup = await fetch(`${server.url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'benchuser',
      name: 'Bench User',
      email: 'b@benchco.co.ke',
      location: 'Nairobi',
      password,
      confirmPassword: password,
    }),
  });
  if (!signup.ok) throw new Error(`signup ${signup.status}`);
  const { token } = await (
    await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchuser', password }),
    })
  ).json();
  const headers = { authorization: `Bearer ${token}` };

  const rows = [];
  for (const [label, path] of [
    ['posts ?search=harambee', '/api/posts?search=harambee&limit=20'],
    ['posts ?search=town 42 (rare)', '/api/posts?search=town%2042%20&limit=20'],
    ['people suggestions ?search=wanjiru', '/api/users/suggestions?search=wanjiru'],
    ['jobs ?search=nairobi', '/api/jobs?search=nairobi&limit=20'],
    ['topics ?search=tag1', '/api/topics/explore?search=tag1'],
  ]) {
    const r = await load({
      url: `${server.url}${path}`,
      headers,
      connections: 10,
      duration: Number(process.env.BENCH_SECONDS ?? 5),
    });
    rows.push({ endpoint: label, rps: r.rps, p50ms: r.p50, p99ms: r.p99, errors: r.errors });
  }
  console.table(rows);
  const plan = await db.query(
    `explain analyze select p.id from posts p join users u on u.id = p.user_id
     where lower(p.content) like '%town 42 %' order by p.created_at desc, p.id desc limit 21`,
  );
  console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
} finally {
  await db.end().catch(() => undefined);
  await server?.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
