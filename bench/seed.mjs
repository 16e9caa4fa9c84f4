// `npm run seed:bench -- --size M|L [--pglite DIR]`: deterministic large data for the benchmarks.
// PostgreSQL: a database of its own (jamii_bench_m / jamii_bench_l) on the server of
// BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; it is
// dropped and made again, migrated by the app's own migrator, then filled with multi-row
// INSERT … SELECT generate_series (no per-row round trips). With --pglite DIR the same SQL fills an
// embedded database in DIR/db instead (the folder a server started with DATA_DIR=DIR opens).
// Every row passes the tables' CHECKs; counters (like_count, comment_count) are set to the counts.
// All members share one password, BENCH_PASSWORD below; member 1 is @bench_1.
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { migrateUrl, openMigratedPglite } from './lib/migrate-db.mjs';
import { BENCH_TOWNS, BENCH_WORDS } from './lib/harness.mjs';

export const BENCH_PASSWORD = 'Karibu-Bench-2026!';

/** Row counts; L is M with ten times the members and posts and the rest scaled alike. */
export const SIZES = {
  M: {
    users: 10_000,
    posts: 100_000,
    follows: 200_000,
    jobs: 20_000,
    bids: 10_000,
    offers: 50_000,
    likes: 500_000,
    conversations: 5_000,
    messages: 50_000,
    comments: 100_000,
    notifications: 100_000,
  },
};
SIZES.L = Object.fromEntries(Object.entries(SIZES.M).map(([k, v]) => [k, v * 10]));

export function benchDatabaseUrl(size) {
  const base = new URL(
    process.env.BENCH_DATABASE_URL ??
      process.env.DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres',
  );
  const admin = base.toString();
  base.pathname = `/jamii_bench_${size.toLowerCase()}`;
  return { admin, url: base.toString() };
}

// Everything is dated back from this instant, so two seeds of a size are the same data.
const T0 = "timestamptz '2026-11-01 12:00:00+03'";
const NAMES = [
  'Wanjiru',
  'Otieno',
  'Achieng',
  'Kiprop',
  'Mwangi',
  'Njeri',
  'Omondi',
  'Chebet',
  'Kamau',
  'Atieno',
];
const arr = (xs) => `(array[${xs.map((x) => `'${x}'`).join(',')}])`;
// The towns' counties, looked up once (an InitPlan), as the county triggers would set them.
const COUNTIES = `(select array_agg(jamii_county_of(t) order by o) from unnest(${arr(BENCH_TOWNS)}) with ordinality u(t, o))`;

/** The statements, in order, with a label each. n = the row counts of the size. */
export function seedStatements(n, passwordHash) {
  const U = n.users;
  const P = n.posts;
  // The k-th like/follow/comment of row g goes to (g mod X): each post gets likes/P likes, and the
  // counters below are the same arithmetic, so no pass over the likes is needed to count them.
  return [
    [
      'users',
      // The county trigger looks each location up in kenya_places; with ten towns it is looked up
      // ten times here instead of once a row (the same value the trigger would set).
      `alter table users disable trigger users_set_county;
       insert into users (username, name, email, location, county, password_hash, headline, bio, email_verified, created_at)
       select '@bench_' || g, ${arr(NAMES)}[1 + g % 10] || ' ' || ${arr(NAMES)}[1 + (g / 10) % 10] || ' ' || g,
              'bench' || g || '@bench.co.ke', ${arr(BENCH_TOWNS)}[1 + g % 10], ${COUNTIES}[1 + g % 10],
              '${passwordHash}', 'Fundi number ' || g, 'Member ' || g || ' of the benchmark', true,
              ${T0} - make_interval(mins => ${U} - g)
       from generate_series(1, ${U}) g;
       alter table users enable trigger users_set_county`,
    ],
    [
      'posts',
      `insert into posts (user_id, content, like_count, comment_count, created_at)
       select 1 + (g::bigint * 7919) % ${U},
              'Post ' || g || ' about ' || ${arr(BENCH_WORDS)}[1 + g % 10] || ' in ' || ${arr(BENCH_TOWNS)}[1 + (g / 10) % 10] || ' #tag' || (g % 50),
              case when g - 1 < ${n.likes} then (${n.likes} - g) / ${P} + 1 else 0 end,
              case when g - 1 < ${n.comments} then (${n.comments} - g) / ${P} + 1 else 0 end,
              ${T0} - make_interval(secs => (${P} - g) * 30)
       from generate_series(1, ${P}) g`,
    ],
    [
      'follows',
      // Member f follows f+1, f+1+499, f+1+2·499 … (never themself), follows/U of them each.
      `insert into follows (follower_id, followee_id, created_at)
       select 1 + g % ${U}, 1 + (g % ${U} + 1 + (g / ${U}) * 499) % ${U}, ${T0} - make_interval(secs => g)
       from generate_series(0, ${n.follows - 1}) g`,
    ],
    [
      'likes',
      `insert into post_likes (post_id, user_id, created_at)
       select 1 + g % ${P}, 1 + (g / ${P} + (g % ${P}) * 31) % ${U}, ${T0} - make_interval(secs => g)
       from generate_series(0, ${n.likes - 1}) g`,
    ],
    [
      'comments',
      `alter table comments disable trigger comments_count_on_post;
       insert into comments (post_id, author_id, body, created_at)
       select 1 + g % ${P}, 1 + (g * 13) % ${U}, 'Comment ' || g || ': asante sana', ${T0} - make_interval(secs => g)
       from generate_series(0, ${n.comments - 1}) g;
       alter table comments enable trigger comments_count_on_post`,
    ],
    [
      'jobs',
      `alter table jobs disable trigger jobs_set_county;
       insert into jobs (client_id, title, company, location, county, type, description, salary, salary_min, salary_max,
                         salary_period, created_at, expires_at)
       select 1 + (g * 17) % ${U}, ${arr(['Driver', 'Accountant', 'Nurse', 'Teacher', 'Welder', 'Developer', 'Chef', 'Electrician', 'Tailor', 'Farm manager'])}[1 + g % 10] || ' ' || g,
              'Kampuni ' || (g % 500), ${arr(BENCH_TOWNS)}[1 + (g / 10) % 10], ${COUNTIES}[1 + (g / 10) % 10],
              'Full-time', 'Job ' || g || ' description', '', 20000 + (g % 50) * 1000, 40000 + (g % 50) * 1000, 'month',
              ${T0} - make_interval(mins => ${n.jobs} - g), timestamptz '2099-01-01'
       from generate_series(1, ${n.jobs}) g;
       alter table jobs enable trigger jobs_set_county`,
    ],
    [
      'bids',
      `insert into bids (client_id, job_title, max_price, description, created_at)
       select 1 + (g * 23) % ${U}, 'Bid ' || g || ': ' || ${arr(BENCH_WORDS)}[1 + g % 10] || ' work', 1000 + g % 9000,
              'Need help with job ' || g, ${T0} - make_interval(mins => ${n.bids} - g)
       from generate_series(1, ${n.bids}) g`,
    ],
    [
      'offers',
      // offers/bids per bid, from members the bid's owner is not (distinct per bid).
      `insert into offers (bid_id, user_id, offer_price, message, delivery_days, created_at)
       select 1 + g % ${n.bids}, 1 + ((1 + g % ${n.bids}) * 23 + 1 + g / ${n.bids}) % ${U}, 500 + g % 5000,
              'I can do it, offer ' || g, 1 + g % 30, ${T0} - make_interval(secs => g)
       from generate_series(0, ${n.offers - 1}) g`,
    ],
    [
      'conversations',
      // Conversation c is between member c and member c+1+(c mod 7) (so member 1 has one with 3).
      `insert into conversations (user_a_id, user_b_id, created_at, updated_at)
       select g, g + 1 + g % 7, ${T0} - make_interval(mins => g), ${T0} - make_interval(mins => g)
       from generate_series(1, ${n.conversations}) g;
       insert into conversation_members (conversation_id, user_id)
       select id, user_a_id from conversations union all select id, user_b_id from conversations`,
    ],
    [
      'messages',
      `insert into messages (conversation_id, sender_id, body, created_at)
       select c.id, case when g % 2 = 0 then c.user_a_id else c.user_b_id end, 'Habari, message ' || g,
              ${T0} - make_interval(secs => ${n.messages} - g)
       from generate_series(0, ${n.messages - 1}) g
       join conversations c on c.id = 1 + g % ${n.conversations}`,
    ],
    [
      'notifications',
      `insert into notifications (user_id, type, is_read, kind, params, link, created_at)
       select 1 + g % ${U}, 'info', g % 3 = 0, 'followed',
              jsonb_build_object('name', 'Member ' || g, 'username', '@bench_' || g), '/user/bench_' || (1 + g % ${U}),
              ${T0} - make_interval(secs => ${n.notifications} - g)
       from generate_series(0, ${n.notifications - 1}) g`,
    ],
    ['analyze', 'analyze'],
  ];
}

function parseArgs(argv) {
  const out = { size: 'M', pglite: undefined };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--size') out.size = String(argv[++i]).toUpperCase();
    else if (argv[i] === '--pglite') out.pglite = argv[++i];
  }
  if (!SIZES[out.size]) throw new Error(`--size is M or L, not ${out.size}`);
  return out;
}

async function main() {
  const { size, pglite } = parseArgs(process.argv.slice(2));
  const n = SIZES[size];
  const passwordHash = await hash(BENCH_PASSWORD, {
    algorithm: 2,
    memoryCost: 19 * 1024,
    timeCost: 2,
    parallelism: 1,
  });
  const started = performance.now();
  const timings = [];
  let exec;
  let close;
  if (pglite) {
    const { pglite: pgl, database } = await openMigratedPglite(`${pglite}/db`);
    exec = (text) => pgl.exec(text);
    close = () => database.close();
    console.log(`seeding PGlite in ${pglite}/db at size ${size}`);
  } else {
    const { admin, url } = benchDatabaseUrl(size);
    const a = new pg.Client({ connectionString: admin });
    await a.connect();
    const name = new URL(url).pathname.slice(1);
    await a.query(`drop database if exists ${name} with (force)`);
    await a.query(`create database ${name}`);
    await a.end();
    await migrateUrl(url);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    exec = (text) => c.query(text);
    close = () => c.end();
    console.log(`seeding ${url} at size ${size}`);
  }
  try {
    for (const [label, text] of seedStatements(n, passwordHash)) {
      const t = performance.now();
      await exec(text);
      const ms = performance.now() - t;
      timings.push({ step: label, rows: n[label] ?? '', seconds: (ms / 1000).toFixed(1) });
      console.log(`${label}: ${(ms / 1000).toFixed(1)} s`);
    }
  } finally {
    await close();
  }
  const total = (performance.now() - started) / 1000;
  console.table(timings);
  console.log(`seed ${size} done in ${total.toFixed(1)} s (migrations included)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
