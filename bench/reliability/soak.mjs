// `npm run bench:soak [-- --minutes 10] [-- --members 200] [-- --think-ms 1000] [-- --pglite]`:
// a bounded soak of the production build. Simulated members on 127.0.0.1 each loop
// for `--minutes`: read the feed, post, like, offer on a bid, follow, search jobs and people, read
// the bids, with a think time of 0.5–1.5 × `--think-ms` between actions, and poll their
// notifications every 60 s. The server is apps/server/dist/main.js (what `npm start` runs; `npm run
// build` first) on a throw-away PostgreSQL database made and dropped here (server of
// BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), or on an
// embedded PGlite folder with `--pglite`. The data is the benchmark seed (bench/seed.mjs) at a small
// size. Afterwards: 5xx answers, lost writes (every write answered 2xx looked up by SQL), read
// latencies, and the server's RSS sampled every 5 s with a line fitted over the last half; each read
// timed alone before and after the load (its JSON size too), and the tables' dead rows.
// Writes its table to bench/results/<date>-soak.md (BENCH_NO_RESULTS=1 to skip). SOAK_NODE_ARGS adds node flags
// to the server (a CPU profile: `SOAK_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'`).
import { hash } from '@node-rs/argon2';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rssMiB, startServer } from '../lib/harness.mjs';
import { openMigratedPglite, migrateUrl } from '../lib/migrate-db.mjs';
import { appendResults } from '../lib/results.mjs';
import { BENCH_PASSWORD, benchDatabaseUrl, seedStatements } from '../seed.mjs';

function parseArgs(argv) {
  const out = { minutes: 10, members: 200, thinkMs: 1000, pglite: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--minutes') out.minutes = Number(argv[++i]);
    else if (argv[i] === '--members') out.members = Number(argv[++i]);
    else if (argv[i] === '--think-ms') out.thinkMs = Number(argv[++i]);
    else if (argv[i] === '--pglite') out.pglite = true;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!(out.minutes > 0 && out.minutes <= 60)) throw new Error('--minutes is between 0 and 60');
  if (!(Number.isInteger(out.members) && out.members >= 20 && out.members <= 2000))
    throw new Error('--members is a whole number from 20 to 2000');
  return out;
}

const opts = parseArgs(process.argv.slice(2));
const RSS_EVERY_MS = 5_000;
const NOTIFICATIONS_EVERY_MS = 60_000;
const PROBE_REPEATS = 15;

/** The seed at soak size: every member is a seeded @bench_N; a little of everything around them. */
const counts = {
  users: opts.members,
  posts: 20 * opts.members,
  follows: opts.members, // each follows one (more would hit a self-follow at some sizes)
  jobs: 2_000,
  bids: 5 * opts.members,
  offers: 0,
  likes: 50 * opts.members,
  conversations: Math.floor(opts.members / 2),
  messages: 5 * opts.members,
  comments: 10 * opts.members,
  notifications: 10 * opts.members,
};

const passwordHash = await hash(BENCH_PASSWORD, {
  algorithm: 2,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
});

/** `fn(client)` on a connection of its own to `connectionString`, closed whatever happens. */
async function withClient(connectionString, fn) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// ---- the database: a throw-away PostgreSQL database, or a PGlite folder ----
let dataDir;
let databaseUrl;
let adminUrl;
async function setUp() {
  if (opts.pglite) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'jamii-soak-'));
    const { pglite, database } = await openMigratedPglite(`${dataDir}/db`);
    for (const [, text] of seedStatements(counts, passwordHash)) await pglite.exec(text);
    await database.close();
  } else {
    const base = benchDatabaseUrl('M');
    adminUrl = base.admin;
    const u = new URL(base.url);
    u.pathname = `/jamii_soak_${process.pid}`;
    databaseUrl = u.toString();
    await withClient(adminUrl, (a) => a.query(`create database jamii_soak_${process.pid}`));
    await migrateUrl(databaseUrl);
    await withClient(databaseUrl, async (c) => {
      for (const [, text] of seedStatements(counts, passwordHash)) await c.query(text);
    });
  }
}

async function dropDatabase() {
  if (!adminUrl) return;
  await withClient(adminUrl, (a) =>
    a.query(`drop database if exists jamii_soak_${process.pid} with (force)`),
  );
}

// ---- what the members do ----
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const JOB_WORDS = ['driver', 'nurse', 'teacher', 'welder', 'chef', 'tailor', 'accountant'];
const PEOPLE_WORDS = ['wanjiru', 'otieno', 'achieng', 'kamau', 'njeri', 'nairobi', 'mombasa'];

// The members' requests go through node:http with one kept-alive connection each, as a phone holds
// one: the load generator shares the two cores with the server and PostgreSQL, and global fetch cost
// it about 2.9 ms of CPU per request (soak of 2026-11-26 01:22), a quarter of the whole.
const agent = new Agent({ keepAlive: true, maxSockets: opts.members });

/** One request; `{ status, json }`, status 0 when no answer came within `timeoutMs`. */
function send(url, { method = 'GET', headers = {}, body, timeoutMs = 30_000 } = {}) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      url,
      {
        method,
        agent,
        headers: {
          // What a phone's browser asks for: the answers come compressed, as they do to members.
          'accept-encoding': 'br, gzip',
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...headers,
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', () => resolve({ status: 0 }));
        res.on('end', () => {
          let raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          if (encoding === 'br') raw = brotliDecompressSync(raw);
          else if (encoding === 'gzip') raw = gunzipSync(raw);
          const text = raw.toString();
          let json = text;
          if (res.headers['content-type']?.includes('json')) {
            try {
              json = JSON.parse(text);
            } catch {
              json = text;
            }
          }
          resolve({ status: res.statusCode ?? 0, json, bytes: raw.length });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', () => resolve({ status: 0 })); // refused, reset or timed out: no answer
    req.end(payload);
  });
}

/** Latencies (ms) and statuses per action. */
const stats = new Map();
function record(action, kind, ms, status) {
  let s = stats.get(action);
  if (!s) stats.set(action, (s = { kind, ms: [], ok: 0, s4xx: 0, s5xx: 0, failed: 0 }));
  s.ms.push(ms);
  if (status === 0) s.failed++;
  else if (status >= 500) s.s5xx++;
  else if (status >= 400) s.s4xx++;
  else s.ok++;
}

/** Requests answered in each minute of the load: a fall shows a cost that grows with the data. */
const perMinute = [];
let answeredBefore = 0;

/** Writes answered 2xx, to be found afterwards. */
const acked = { posts: [], likes: [], offers: [], follows: [] };

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat; 0 once it is gone. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
  } catch {
    return 0;
  }
}

function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  await setUp();
  // SOAK_NODE_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env.SOAK_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // A busy machine can take over a minute to start the server; the soak itself is bounded by --minutes.
  const common = { nodeArgs, readyTimeoutMs: 300_000 };
  const server = await startServer(
    opts.pglite
      ? { ...common, dataDir, env: { NODE_ENV: 'production', RATE_LIMITS: 'off' } }
      : { ...common, env: { NODE_ENV: 'production', DATABASE_URL: databaseUrl, RATE_LIMITS: 'off' } },
  );
  const load = [loadavg()[0]];
  const rss = [];
  let stopSampling = false;
  let deadline = 0;
  let cpu;
  const probed = new Map();
  let autovacuum;
  let deadRows = [];
  try {
    const url = (p) => `${server.url}${p}`;

    async function call(member, action, kind, method, p, body) {
      for (let attempt = 0; ; attempt++) {
        const started = performance.now();
        const { status, json } = await send(url(p), {
          method,
          headers: { authorization: `Bearer ${member.token}` },
          body,
        });
        // An access token lasts 15 minutes: sign in again, as the web app refreshes.
        if (status === 401 && attempt === 0) {
          await signIn(member);
          continue;
        }
        record(action, kind, performance.now() - started, status);
        return { status, json };
      }
    }

    async function signIn(member) {
      const { status, json } = await send(url('/api/login'), {
        method: 'POST',
        body: { username: member.username, password: BENCH_PASSWORD, rememberMe: false },
      });
      if (status !== 200) throw new Error(`login as ${member.username} answered ${status}`);
      const { token, user } = json;
      member.token = token;
      member.id = user.id;
    }

    const members = [];
    for (let i = 1; i <= opts.members; i++)
      members.push({
        username: `@bench_${i}`,
        postIds: [],
        bidIds: [],
        offered: new Set(),
        followed: new Set(),
      });
    // Sign in a few at a time (argon2 is deliberately slow).
    for (let i = 0; i < members.length; i += 8) await Promise.all(members.slice(i, i + 8).map(signIn));

    const actions = [
      [
        30,
        'read feed',
        async (m) => {
          const feed = pick(['', '&feed=following']);
          const { json } = await call(m, 'read feed', 'read', 'GET', `/api/posts?limit=20${feed}`);
          if (Array.isArray(json) && json.length) m.postIds = json.map((p) => p.id);
        },
      ],
      [
        6,
        'post',
        async (m) => {
          const content = `Soak post by ${m.username} at ${Date.now()} #soak`;
          const { status, json } = await call(m, 'post', 'write', 'POST', '/api/posts', { content });
          if (status === 201 || status === 200) acked.posts.push(json.id);
        },
      ],
      [
        15,
        'like',
        async (m) => {
          const id = m.postIds.length ? pick(m.postIds) : 1 + Math.floor(Math.random() * counts.posts);
          const { status } = await call(m, 'like', 'write', 'POST', `/api/posts/${id}/like`);
          if (status >= 200 && status < 300) acked.likes.push([id, m.id]);
        },
      ],
      [
        10,
        'read bids',
        async (m) => {
          const { json } = await call(m, 'read bids', 'read', 'GET', '/api/bids?limit=20');
          if (Array.isArray(json))
            m.bidIds = json
              .filter((b) => b.status === 'Open' && b.client_id !== m.id)
              .map((b) => ({ id: b.id, max: Number(b.max_price) }));
        },
      ],
      [
        5,
        'offer',
        async (m) => {
          const bid = m.bidIds.find((b) => !m.offered.has(b.id));
          if (!bid) return;
          m.offered.add(bid.id);
          const { status, json } = await call(m, 'offer', 'write', 'POST', '/api/bids/offer', {
            bid_id: bid.id,
            offer_price: Math.max(1, Math.floor(bid.max / 2)),
            message: `Soak offer from ${m.username}: I can do it this week`,
          });
          if (status === 201) acked.offers.push(json.offer.id);
        },
      ],
      [
        5,
        'follow',
        async (m) => {
          const n = 1 + Math.floor(Math.random() * opts.members);
          if (n === m.id || m.followed.has(n)) return;
          m.followed.add(n);
          const { status } = await call(m, 'follow', 'write', 'POST', `/api/users/bench_${n}/follow`);
          if (status >= 200 && status < 300) acked.follows.push([m.id, `@bench_${n}`]);
        },
      ],
      [
        10,
        'search jobs',
        async (m) => {
          await call(m, 'search jobs', 'read', 'GET', `/api/jobs?limit=20&search=${pick(JOB_WORDS)}`);
        },
      ],
      [
        10,
        'search people',
        async (m) => {
          const q = pick(PEOPLE_WORDS);
          await call(m, 'search people', 'read', 'GET', `/api/users/suggestions?search=${q}`);
        },
      ],
    ];
    // Each read once more, alone and one after another, before and after the load: a cost that grows
    // with the rows the soak writes shows here free of queueing (the load's latencies are mostly queue).
    const probes = [
      ['feed', '/api/posts?limit=20'],
      ['following feed', '/api/posts?limit=20&feed=following'],
      ['bids', '/api/bids?limit=20'],
      ['search jobs', '/api/jobs?limit=20&search=driver'],
      ['search people', '/api/users/suggestions?search=wanjiru'],
      ['notifications', (m) => `/api/notifications/${m.id}?limit=20`],
      ['unread count', (m) => `/api/notifications/${m.id}/unread-count`],
    ];
    async function probe(phase) {
      const m = members[0];
      for (const [name, p] of probes) {
        const ms = [];
        let kB = 0;
        for (let i = 0; i < PROBE_REPEATS; i++) {
          const started = performance.now();
          const { status, bytes } = await send(url(typeof p === 'function' ? p(m) : p), {
            headers: { authorization: `Bearer ${m.token}` },
          });
          if (status !== 200) throw new Error(`probe ${name} answered ${status}`);
          ms.push(performance.now() - started);
          kB = bytes / 1024;
        }
        const row = probed.get(name) ?? { read: name };
        row[phase] = percentile(
          ms.sort((a, b) => a - b),
          50,
        );
        row[`${phase} kB`] = kB;
        probed.set(name, row);
      }
    }
    await probe('before');

    const totalWeight = actions.reduce((s, [w]) => s + w, 0);
    const choose = () => {
      let r = Math.random() * totalWeight;
      for (const a of actions) if ((r -= a[0]) < 0) return a;
      return actions[0];
    };

    // CPU per request (load-independent, unlike latency on a shared machine): the server process,
    // and the PostgreSQL backends serving the soak's database (its pool keeps them open).
    const backendPids = async () => {
      if (opts.pglite) return [];
      const { rows } = await withClient(databaseUrl, (c) =>
        c.query(
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        ),
      );
      return rows.map((r) => r.pid);
    };
    const cpuAtStart = { server: cpuSeconds(server.pid), generator: process.cpuUsage() };
    cpuAtStart.backends = new Map((await backendPids()).map((pid) => [pid, cpuSeconds(pid)]));
    const started = Date.now();
    deadline = started + opts.minutes * 60_000;
    const sampler = (async () => {
      while (!stopSampling) {
        rss.push({ t: (Date.now() - started) / 60_000, mb: rssMiB(server.pid) });
        load.push(loadavg()[0]);
        await sleep(RSS_EVERY_MS);
      }
    })();
    const progress = setInterval(() => {
      const n = [...stats.values()].reduce((s, x) => s + x.ms.length, 0);
      perMinute.push(n - answeredBefore);
      answeredBefore = n;
      const fives = [...stats.values()].reduce((s, x) => s + x.s5xx, 0);
      const min = ((Date.now() - started) / 60_000).toFixed(1);
      console.log(`${min} min: ${n} requests, ${fives} 5xx, RSS ${rss.at(-1)?.mb.toFixed(0)} MiB`);
    }, 60_000);

    await Promise.all(
      members.map(async (m, i) => {
        // Start spread over the first think time; poll notifications at a staggered 60 s beat.
        await sleep(Math.random() * opts.thinkMs);
        let nextPoll = Date.now() + (i / members.length) * NOTIFICATIONS_EVERY_MS;
        while (Date.now() < deadline) {
          if (Date.now() >= nextPoll) {
            nextPoll += NOTIFICATIONS_EVERY_MS;
            await call(m, 'poll notifications', 'read', 'GET', `/api/notifications/${m.id}?limit=20`);
            await call(m, 'unread count', 'read', 'GET', `/api/notifications/${m.id}/unread-count`);
          } else {
            await choose()[2](m);
          }
          await sleep(opts.thinkMs * (0.5 + Math.random()));
        }
      }),
    );
    clearInterval(progress);
    stopSampling = true;
    await sampler;
    // In flight when the deadline passed: let the last answers arrive before probing alone.
    await sleep(2_000);
    const generator = process.cpuUsage(cpuAtStart.generator);
    cpu = {
      server: cpuSeconds(server.pid) - cpuAtStart.server,
      postgres: (await backendPids()).reduce(
        (sum, pid) => sum + cpuSeconds(pid) - (cpuAtStart.backends.get(pid) ?? 0),
        0,
      ),
      generator: (generator.user + generator.system) / 1e6,
    };
    await probe('after');
    if (!opts.pglite) {
      await withClient(databaseUrl, async (c) => {
        autovacuum = (await c.query('show autovacuum')).rows[0].autovacuum;
        deadRows = (
          await c.query(
            `select relname as table, n_live_tup as live, n_dead_tup as dead, n_tup_upd as updated,
                    n_tup_hot_upd as "updated in place", last_autovacuum is not null as autovacuumed
               from pg_stat_user_tables where n_dead_tup > 0 order by n_dead_tup desc limit 8`,
          )
        ).rows;
        // What vacuum would have given back: the same probes after one VACUUM ANALYZE.
        await c.query('vacuum analyze');
      });
      await probe('after vacuum');
    }
  } finally {
    stopSampling = true;
    agent.destroy();
    await server.stop({ keepData: true });
  }

  // ---- every acknowledged write, looked up by SQL ----
  let lost;
  try {
    let query;
    let close;
    if (opts.pglite) {
      const { pglite, database } = await openMigratedPglite(`${dataDir}/db`);
      query = async (text, params) => (await pglite.query(text, params)).rows;
      close = () => database.close();
    } else {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      query = async (text, params) => (await c.query(text, params)).rows;
      close = () => c.end();
    }
    try {
      const found = async (text, params) => Number((await query(text, params))[0].n);
      const posts = await found('select count(*) as n from posts where id = any($1::int[])', [acked.posts]);
      const offers = await found('select count(*) as n from offers where id = any($1::int[])', [
        acked.offers,
      ]);
      const likePairs = [...new Set(acked.likes.map(String))].map((x) => x.split(',').map(Number));
      const likes = await found(
        `select count(*) as n from post_likes l
         join unnest($1::int[], $2::int[]) as a(post_id, user_id) on a.post_id = l.post_id and a.user_id = l.user_id`,
        [likePairs.map((x) => x[0]), likePairs.map((x) => x[1])],
      );
      const follows = await found(
        `select count(*) as n from follows f join users u on u.id = f.followee_id
         join unnest($1::int[], $2::text[]) as a(follower_id, username)
           on a.follower_id = f.follower_id and a.username = u.username`,
        [acked.follows.map((x) => x[0]), acked.follows.map((x) => x[1])],
      );
      lost = {
        posts: acked.posts.length - posts,
        likes: likePairs.length - likes,
        offers: acked.offers.length - offers,
        follows: acked.follows.length - follows,
      };
    } finally {
      await close();
    }
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase();
  }

  // ---- figures ----
  const rows = [];
  const allReads = [];
  let total = 0;
  let fives = 0;
  let failed = 0;
  for (const [action, s] of stats) {
    const sorted = [...s.ms].sort((a, b) => a - b);
    if (s.kind === 'read') allReads.push(...s.ms);
    total += s.ms.length;
    fives += s.s5xx;
    failed += s.failed;
    rows.push({
      action,
      requests: s.ms.length,
      '2xx': s.ok,
      '4xx': s.s4xx,
      '5xx': s.s5xx,
      'no answer': s.failed,
      'p50 ms': percentile(sorted, 50).toFixed(0),
      'p95 ms': percentile(sorted, 95).toFixed(0),
      'p99 ms': percentile(sorted, 99).toFixed(0),
    });
  }
  const reads = allReads.sort((a, b) => a - b);
  const readP95 = percentile(reads, 95);
  rows.push({
    action: 'all reads',
    requests: reads.length,
    '2xx': '',
    '4xx': '',
    '5xx': '',
    'no answer': '',
    'p50 ms': percentile(reads, 50).toFixed(0),
    'p95 ms': readP95.toFixed(0),
    'p99 ms': percentile(reads, 99).toFixed(0),
  });

  // RSS: least-squares line over the last half of the samples; flat when the slope is within two
  // standard errors of zero or under 0.1 MB/min (6 MB an hour).
  const half = rss.filter((s) => s.t >= opts.minutes / 2);
  const n = half.length;
  const mt = half.reduce((s, x) => s + x.t, 0) / n;
  const mm = half.reduce((s, x) => s + x.mb, 0) / n;
  const sxx = half.reduce((s, x) => s + (x.t - mt) ** 2, 0);
  const slope = half.reduce((s, x) => s + (x.t - mt) * (x.mb - mm), 0) / sxx;
  const resid = half.reduce((s, x) => s + (x.mb - (mm + slope * (x.t - mt))) ** 2, 0);
  const se = Math.sqrt(resid / Math.max(1, n - 2) / sxx);
  const flat = Math.abs(slope) <= 2 * se || Math.abs(slope) < 0.1;
  // The target is no growth: memory handed back over the last half is not a leak.
  const growing = !flat && slope > 0;
  const mbs = rss.map((s) => s.mb);
  const lostTotal = Object.values(lost).reduce((s, x) => s + x, 0);
  const ackedTotal =
    acked.posts.length + new Set(acked.likes.map(String)).size + acked.offers.length + acked.follows.length;
  const store = opts.pglite ? 'PGlite' : 'PostgreSQL';
  const rps = total / (opts.minutes * 60);
  const notes = [
    `${store}; ${opts.members} members, ${opts.minutes} min, think time ${opts.thinkMs} ms (0.5–1.5×), notifications polled every 60 s per member. ${total} requests (${rps.toFixed(0)} req/s).`,
    `5xx: ${fives}; no answer: ${failed}. Acknowledged writes ${ackedTotal} (posts ${acked.posts.length}, likes ${new Set(acked.likes.map(String)).size}, offers ${acked.offers.length}, follows ${acked.follows.length}); lost: ${lostTotal} (${JSON.stringify(lost)}).`,
    `Read p95 ${readP95.toFixed(0)} ms (target < 250 ms: ${readP95 < 250 ? 'met' : 'missed'}).`,
    `Server RSS (every ${RSS_EVERY_MS / 1000} s): first ${mbs[0].toFixed(0)} MiB, last ${mbs.at(-1).toFixed(0)} MiB, peak ${Math.max(...mbs).toFixed(0)} MiB; last half slope ${slope.toFixed(3)} MB/min (± ${se.toFixed(3)} standard error, ${n} samples): ${flat ? 'flat within noise' : growing ? 'GROWING' : 'falling'}.`,
    `Requests answered per minute: ${perMinute.join(', ')}.`,
    `CPU per request (user + system over the load, ${total} requests): server ${((1000 * cpu.server) / total).toFixed(2)} ms${opts.pglite ? '' : `, PostgreSQL backends ${((1000 * cpu.postgres) / total).toFixed(2)} ms`}, load generator ${((1000 * cpu.generator) / total).toFixed(2)} ms.`,
    `Machine load (1-min load average, 2 cores, shared with other sessions): start ${load[0].toFixed(1)}, mean ${(load.reduce((s, x) => s + x, 0) / load.length).toFixed(1)}, max ${Math.max(...load).toFixed(1)}.`,
  ];
  const ms = (x) => (x === undefined ? '–' : x.toFixed(1));
  notes.push(
    `Each read alone (median of ${PROBE_REPEATS}, ms; and its JSON before compression) before the load → after it${opts.pglite ? '' : ' → after one VACUUM ANALYZE'}: ${[
      ...probed.values(),
    ]
      .map(
        (r) =>
          `${r.read} ${ms(r.before)} → ${ms(r.after)}${opts.pglite ? '' : ` → ${ms(r['after vacuum'])}`} (${r['before kB'].toFixed(0)} → ${r['after kB'].toFixed(0)} kB)`,
      )
      .join('; ')}.`,
  );
  if (!opts.pglite)
    notes.push(
      `Dead rows after the load (autovacuum ${autovacuum}): ${
        deadRows
          .map(
            (r) =>
              `${r.table} ${r.dead} dead of ${r.live} live (${r.updated} updates, ${r['updated in place']} in place${r.autovacuumed ? ', autovacuumed' : ''})`,
          )
          .join('; ') || 'none'
      }.`,
    );
  console.table(rows);
  for (const line of notes) console.log(line);
  appendResults(
    'soak',
    `bench:soak — ${store}, ${opts.members} members, ${opts.minutes} min`,
    `npm run bench:soak -- --minutes ${opts.minutes} --members ${opts.members}${opts.pglite ? ' --pglite' : ''}`,
    rows,
    notes,
  );
  const ok = fives === 0 && lostTotal === 0 && readP95 < 250 && !growing;
  if (!ok) process.exitCode = 1;
}

try {
  await main();
} catch (e) {
  await dropDatabase().catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  throw e;
}
