// `npm run bench:realtime [-- --clients 2000] [-- --likes 20]`: live events at scale (targets in bench/README.md).
// The built server (apps/server/dist/main.js; `npm run build` first) on a throw-away PostgreSQL
// database made and dropped here (server of BENCH_DATABASE_URL, else DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres). On 127.0.0.1:
//   1. memory: the server's RSS before and after `--clients` Socket.IO clients connect and idle
//      (websocket transport, anonymous), as MB per 1,000 idle clients;
//   2. delivery: a member likes and unlikes a post `--likes` times, one at a time; every client
//      (none declared what it shows, so each gets every like event) records when each likeUpdated
//      arrives: latency from the request's start, p50/p99 over all deliveries;
//   3. rooms: every client declares one of 100 posts it shows (watchPosts); likes of one post then
//      reach the sockets showing it only: deliveries per like.
// Bounded: every wait has a deadline; the whole run stops itself after 5 minutes.
// Writes its table to bench/results/<date>-realtime.md (BENCH_NO_RESULTS=1 to skip).
import { loadavg } from 'node:os';
import { io as connect } from 'socket.io-client';
import { adminQuery, api, rssMiB, startServer } from '../lib/harness.mjs';
import { appendResults, percentile } from '../lib/results.mjs';
import { benchDatabaseUrl } from '../seed.mjs';

function parseArgs(argv) {
  const out = { clients: 2000, likes: 20 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--clients') out.clients = Number(argv[++i]);
    else if (argv[i] === '--likes') out.likes = Number(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!(Number.isInteger(out.clients) && out.clients >= 10 && out.clients <= 5000))
    throw new Error('--clients is a whole number from 10 to 5000');
  if (!(Number.isInteger(out.likes) && out.likes >= 2 && out.likes <= 200))
    throw new Error('--likes is a whole number from 2 to 200');
  return out;
}

const opts = parseArgs(process.argv.slice(2));
const POSTS = 100;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const overall = setTimeout(() => {
  console.error('bench:realtime: stopped after 5 minutes');
  process.exit(1);
}, 5 * 60_000);
overall.unref();

const base = benchDatabaseUrl('M');
const dbName = `jamii_realtime_${process.pid}`;
const databaseUrl = Object.assign(new URL(base.url), { pathname: `/${dbName}` }).toString();
const admin = (sql) => adminQuery(base.admin, sql);

/** Resolves when `done()` is true, checked every 20 ms, or rejects after `ms`. */
async function until(done, ms, what) {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

await admin(`create database ${dbName}`);
let server;
const sockets = [];
try {
  server = await startServer({ env: { NODE_ENV: 'production', DATABASE_URL: databaseUrl } });
  const loadStart = loadavg()[0];
  const password = 'Karibu-Moja-2026!';
  await api(server.url, 'POST', '/api/signup', {
    username: 'kasi_bench',
    name: 'Wanjiku Mwangi',
    email: 'realtime@bench.co.ke',
    password,
    confirmPassword: password,
  });
  const { token } = await api(server.url, 'POST', '/api/login', { username: 'kasi_bench', password });
  const posts = [];
  for (let i = 0; i < POSTS; i++)
    posts.push((await api(server.url, 'POST', '/api/posts', { content: `Realtime post ${i}` }, token)).id);

  // 1. memory per 1,000 idle clients
  await sleep(2000);
  const rssBefore = rssMiB(server.pid);
  const started = performance.now();
  let connected = 0;
  for (let i = 0; i < opts.clients; i += 100) {
    const batch = [];
    for (let j = i; j < Math.min(opts.clients, i + 100); j++) {
      const socket = connect(server.url, { transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      batch.push(
        new Promise((resolve, reject) => {
          socket.once('connect', () => resolve(connected++));
          socket.once('connect_error', reject);
        }),
      );
    }
    await Promise.all(batch);
  }
  const connectSeconds = (performance.now() - started) / 1000;
  await sleep(5000);
  const rssIdle = rssMiB(server.pid);
  const perThousand = ((rssIdle - rssBefore) / opts.clients) * 1000;

  // 2. delivery to every (undeclared) client
  const latencies = [];
  let received = 0;
  let sentAt = 0;
  for (const socket of sockets)
    socket.on('likeUpdated', () => {
      latencies.push(performance.now() - sentAt);
      received++;
    });
  for (let i = 0; i < opts.likes; i++) {
    const expected = received + opts.clients;
    sentAt = performance.now();
    await api(server.url, i % 2 ? 'DELETE' : 'POST', `/api/posts/${posts[0]}/like`, undefined, token);
    await until(() => received >= expected, 30_000, `like ${i + 1} to reach every client`);
  }
  const rssBusy = rssMiB(server.pid);
  const sorted = [...latencies].sort((a, b) => a - b);

  // 3. rooms: each client shows one of the posts
  await Promise.all(
    sockets.map(
      (socket, i) =>
        new Promise((resolve, reject) =>
          socket.emit('watchPosts', [posts[i % POSTS]], (ok) =>
            ok ? resolve() : reject(new Error('watchPosts refused')),
          ),
        ),
    ),
  );
  const viewers = sockets.filter((_, i) => i % POSTS === 0).length;
  const roomLatencies = [];
  for (let i = 0; i < opts.likes; i++) {
    const before = received;
    const expected = received + viewers;
    const latenciesBefore = latencies.length;
    sentAt = performance.now();
    await api(server.url, i % 2 ? 'DELETE' : 'POST', `/api/posts/${posts[0]}/like`, undefined, token);
    await until(() => received >= expected, 30_000, `like ${i + 1} to reach the post's viewers`);
    // A moment for any stray delivery to a socket not showing the post to be counted.
    await sleep(200);
    if (received !== before + viewers)
      throw new Error(`a like reached ${received - before} sockets, not the ${viewers} showing it`);
    roomLatencies.push(...latencies.slice(latenciesBefore));
  }
  const roomSorted = roomLatencies.sort((a, b) => a - b);

  const rows = [
    {
      measure: `${opts.clients} idle clients: server RSS`,
      value: `${rssBefore.toFixed(0)} → ${rssIdle.toFixed(0)} MiB (${perThousand.toFixed(1)} MiB per 1,000 clients; target ≤ 50)`,
    },
    { measure: 'connect all clients', value: `${connectSeconds.toFixed(1)} s` },
    {
      measure: `likeUpdated to all ${opts.clients} (undeclared), ${opts.likes} likes`,
      value: `${sorted.length} deliveries, p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms (target p99 ≤ 500)`,
    },
    {
      measure: `likeUpdated with rooms (each client shows 1 of ${POSTS} posts)`,
      value: `${viewers} deliveries per like instead of ${opts.clients}; p50 ${percentile(roomSorted, 50).toFixed(0)} ms, p99 ${percentile(roomSorted, 99).toFixed(0)} ms`,
    },
    { measure: 'server RSS after the deliveries', value: `${rssBusy.toFixed(0)} MiB` },
  ];
  console.table(rows);
  appendResults(
    'realtime',
    `bench:realtime — ${opts.clients} Socket.IO clients, PostgreSQL`,
    `npm run bench:realtime -- --clients ${opts.clients} --likes ${opts.likes}`,
    rows,
    [
      `Latency runs from the like request's start to each client's receipt (clients and server on one 2-core machine, shared with other sessions: 1-min load average ${loadStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end).`,
    ],
  );
} finally {
  for (const socket of sockets) socket.disconnect();
  await server?.stop();
  await admin(`drop database if exists ${dbName} with (force)`);
}
