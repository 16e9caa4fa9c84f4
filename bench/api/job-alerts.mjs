// `npm run bench:alerts [-- --members 10000]`: one new job that matches the alerts of 10,000 members,
// on PostgreSQL (BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; a database of
// its own, jamii_bench_alerts, dropped and made again). The members are inserted in bulk, each with
// an instant alert the job matches; three in ten have a second matching alert (county), a third of
// them ask for push, a third for email (to the outbox), a third for no channel; 2,000 more members
// have alerts the job does not match. The built server (`npm run build` first) posts the job and
// runs its queue: the figures are how long the POST took (the fan-out must not be in it), how long
// until every member was told, until the queue was empty, and whether each member was told exactly
// once. The baseline is the same 10,000 notification rows written by one bare INSERT … SELECT.
// Bounded: stops itself after 8 minutes. Writes bench/results/<date>-alerts.md.
import { hash } from '@node-rs/argon2';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { adminQuery, api, startServer } from '../lib/harness.mjs';
import { migrateUrl } from '../lib/migrate-db.mjs';
import { appendResults } from '../lib/results.mjs';

const { values } = parseArgs({ options: { members: { type: 'string', default: '10000' } } });
const members = Number(values.members);
if (!(Number.isInteger(members) && members >= 100 && members <= 100_000))
  throw new Error('--members: a whole number from 100 to 100000');
const others = 2_000;
const overall = setTimeout(() => {
  console.error('bench:alerts: stopped after 8 minutes');
  process.exit(1);
}, 8 * 60_000);
overall.unref();

const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = admin.replace(/\/[^/]*$/, '/jamii_bench_alerts');
const PASSWORD = 'Karibu-Alerts-2026!';

await adminQuery(admin, 'DROP DATABASE IF EXISTS jamii_bench_alerts WITH (FORCE)');
await adminQuery(admin, 'CREATE DATABASE jamii_bench_alerts');
await migrateUrl(url);
const db = new pg.Client({ connectionString: url });
await db.connect();
const passwordHash = await hash(PASSWORD, {
  algorithm: 2,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
});
const total = members + others;
const seedStarted = performance.now();
await db.query(
  `alter table users disable trigger users_set_county;
   insert into users (username, name, email, location, county, password_hash, email_verified)
   values ('@alert_employer', 'Rift Dairies Ltd', 'hr@riftdairies.co.ke', 'Nakuru', 'Nakuru', '${passwordHash}', true);
   insert into users (username, name, email, location, county, password_hash, email_verified)
   select '@alert_' || g, 'Member ' || g, 'alert' || g || '@bench.co.ke', 'Nakuru', 'Nakuru', '${passwordHash}', true
   from generate_series(1, ${total}) g;
   alter table users enable trigger users_set_county;`,
);
// Members 1..N: an instant alert on the job's words; every tenth three, a second one on its county.
await db.query(
  `insert into job_alerts (user_id, query, frequency, channels)
   select u.id, 'dairy', 'instant',
          case (g % 3) when 0 then '{push}'::text[] when 1 then '{email}'::text[] else '{}'::text[] end
   from generate_series(1, ${members}) g join users u on u.username = '@alert_' || g;
   insert into job_alerts (user_id, county, frequency, channels)
   select u.id, 'Nakuru', 'instant', '{push}'
   from generate_series(1, ${members}) g join users u on u.username = '@alert_' || g where g % 10 < 3;
   insert into job_alerts (user_id, county, frequency, channels)
   select u.id, 'Mombasa', 'instant', '{push}'
   from generate_series(${members + 1}, ${total}) g join users u on u.username = '@alert_' || g;`,
);
await db.query('VACUUM ANALYZE');
const seedMs = performance.now() - seedStarted;
console.log(`seeded ${total} members and their alerts in ${(seedMs / 1000).toFixed(1)} s`);

const server = await startServer({ env: { DATABASE_URL: url, SEED_DEMO: 'off', RATE_LIMITS: 'off' } });
const rows = [];
const notes = [];
try {
  const { token } = await api(server.url, 'POST', '/api/login', {
    username: '@alert_employer',
    password: PASSWORD,
  });
  const postedAt = performance.now();
  const job = await api(
    server.url,
    'POST',
    '/api/jobs',
    {
      title: 'Dairy farm manager',
      company: 'Rift Dairies Ltd',
      location: 'Nakuru',
      type: 'Full-time',
      description: 'Run a 120-cow dairy unit near Nakuru: milking rota, feeds, records and a team of six.',
    },
    token,
  );
  const postMs = performance.now() - postedAt;

  const told = async () =>
    (
      await db.query(
        `select count(*)::int as n, count(distinct user_id)::int as members from notifications
         where kind = 'job_alert' and params->>'job_id' = $1`,
        [String(job.id)],
      )
    ).rows[0];
  let allToldMs = null;
  let drainedMs = null;
  const deadline = Date.now() + 6 * 60_000;
  while (Date.now() < deadline) {
    const { n } = await told();
    if (allToldMs === null && n >= members) allToldMs = performance.now() - postedAt;
    // The digest and start-up schedules stay queued for later: only due work counts.
    const due = (
      await db.query(
        `select count(*)::int as n from background_jobs where state <> 'failed' and run_at <= now()`,
      )
    ).rows[0].n;
    if (allToldMs !== null && due === 0) {
      drainedMs = performance.now() - postedAt;
      break;
    }
    await sleep(250);
  }
  const final = await told();
  const wrong = (
    await db.query(
      `select count(*)::int as n from notifications n join users u on u.id = n.user_id
       where n.kind = 'job_alert' and substring(u.username from 8)::int > ${members}`,
    )
  ).rows[0].n;
  const sent = (
    await db.query(
      `select channel, state, count(*)::int as n from notification_deliveries group by 1, 2 order by 1, 2`,
    )
  ).rows;
  const failed = (await db.query(`select count(*)::int as n from background_jobs where state = 'failed'`))
    .rows[0].n;

  // The baseline: the same rows, one statement, no queue.
  await db.query('create temp table bare (like notifications including all)');
  const bareStarted = performance.now();
  await db.query(
    `insert into bare (user_id, kind, params, type, link)
     select d.user_id, 'job_alert', jsonb_build_object('job', 'Dairy farm manager', 'job_id', d.job_id), 'info', '/jobs/' || d.job_id
     from job_alert_deliveries d where d.job_id = $1`,
    [job.id],
  );
  const bareMs = performance.now() - bareStarted;

  rows.push(
    ['Measure', 'Figure'],
    ['Members whose alerts match', members.toLocaleString('en')],
    ['Members whose alerts do not match', others.toLocaleString('en')],
    ['POST /api/jobs', `${postMs.toFixed(0)} ms`],
    [
      'All members told (in Jamii)',
      allToldMs === null ? 'not within 6 min' : `${(allToldMs / 1000).toFixed(1)} s`,
    ],
    [
      'Queue empty (push and email jobs too)',
      drainedMs === null ? 'not within 6 min' : `${(drainedMs / 1000).toFixed(1)} s`,
    ],
    ['Notices written / distinct members', `${final.n} / ${final.members}`],
    ['Notices to members whose alerts do not match', String(wrong)],
    ['Deliveries outside Jamii', sent.map((r) => `${r.channel} ${r.state} ${r.n}`).join(', ') || 'none'],
    ['Failed background jobs', String(failed)],
    ['Bare INSERT … SELECT of the same rows', `${bareMs.toFixed(0)} ms`],
    ['Fan-out ÷ bare insert', allToldMs === null ? '–' : `${(allToldMs / bareMs).toFixed(0)}×`],
  );
  notes.push(
    'Each member had one matching instant alert (a third push, a third email, a third no channel) and three in ten a second matching one; push goes nowhere without a subscribed device, email goes to the outbox. The fan-out runs on the queue in batches of 500 members; the POST only queues it.',
  );
  if (final.n !== members || final.members !== members || wrong !== 0) {
    process.exitCode = 1;
    notes.push(`FAILED: expected ${members} notices to ${members} distinct members and none to the others.`);
  }
} finally {
  await server.stop();
  await db.end();
}
console.table(Object.fromEntries(rows.slice(1)));
appendResults(
  'alerts',
  `bench:alerts — one job, ${members.toLocaleString('en')} matching alerts, PostgreSQL`,
  `npm run bench:alerts -- --members ${members}`,
  rows,
  notes,
);
