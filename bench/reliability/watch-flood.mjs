// `npm run bench:watch-flood [-- --pg] [-- --sockets 300] [-- --seconds 10]`: does a flood of
// `watch` slow the API? The server from source (tsx) on PGlite, and on PostgreSQL too with --pg or
// TEST_DATABASE_URL (a throw-away database made and dropped on that server). On 127.0.0.1:
//   1. idle: `GET /api/posts/:id`, one request at a time for `--seconds`: p50 and p99;
//   2. flood: `--sockets` anonymous sockets each send `watch` in a loop (waiting for each answer),
//      half for the real post and half for ids nobody asked before (so the cache cannot answer);
//      a socket the server disconnects for flooding reconnects (Socket.IO's own back-off) and goes
//      on; the same reads are measured meanwhile.
// Target (bench/README.md): flood p50 within 2× of idle. Each database's run stops itself after
// 2 minutes. Writes its table to bench/results/<date>-watch-flood.md (BENCH_NO_RESULTS=1 to skip).
import { loadavg } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { io as connect } from 'socket.io-client';
import { adminQuery, api, startServer } from '../lib/harness.mjs';
import { appendResults, percentile } from '../lib/results.mjs';

function parseArgs(argv) {
  const out = { sockets: 300, seconds: 10, pg: Boolean(process.env.TEST_DATABASE_URL) };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--sockets') out.sockets = Number(argv[++i]);
    else if (argv[i] === '--seconds') out.seconds = Number(argv[++i]);
    else if (argv[i] === '--pg') out.pg = true;
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (!(Number.isInteger(out.sockets) && out.sockets >= 1 && out.sockets <= 2000))
    throw new Error('--sockets is a whole number from 1 to 2000');
  if (!(Number.isInteger(out.seconds) && out.seconds >= 2 && out.seconds <= 30))
    throw new Error('--seconds is a whole number from 2 to 30');
  return out;
}

const opts = parseArgs(process.argv.slice(2));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pgBase = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const admin = (sql) => adminQuery(pgBase, sql);

/** One read at a time for `seconds`: p50 and p99 in ms, and how many were answered. */
async function reads(url, path, seconds) {
  const latencies = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const res = await fetch(`${url}${path}`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    n: latencies.length,
  };
}

/**
 * Anonymous sockets sending `watch` in a loop until `stop()`; answers the counts. They run in a
 * thread of their own, so the reads' timing is the server's, not this process's busy event loop.
 */
function floodHere(url, count, postId, onReady) {
  let connectedOnce = 0;
  const counts = { sent: 0, accepted: 0, refused: 0, disconnected: 0 };
  let running = true;
  let fresh = 1_000_000_000;
  const sockets = [];
  for (let i = 0; i < count; i++) {
    const socket = connect(url, { transports: ['websocket'], reconnectionDelayMax: 2000 });
    sockets.push(socket);
    const loop = () => {
      if (!running || !socket.connected) return;
      counts.sent++;
      const id = counts.sent % 2 ? postId : fresh++;
      socket.timeout(5000).emit('watch', 'post', id, (err, ok) => {
        if (!err) counts[ok ? 'accepted' : 'refused']++;
        setImmediate(loop);
      });
    };
    socket.on('connect', loop);
    socket.once('connect', () => ++connectedOnce === count && onReady());
    socket.on('disconnect', (reason) => reason === 'io server disconnect' && counts.disconnected++);
    // Disconnected by the server: Socket.IO does not come back by itself then; the flooder does.
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect' && running) setTimeout(() => running && socket.connect(), 1000);
    });
  }
  return {
    counts,
    stop() {
      running = false;
      for (const socket of sockets) socket.disconnect();
    },
  };
}

async function measure(database) {
  const dbName = `jamii_watch_flood_${process.pid}`;
  let env = {};
  if (database === 'PostgreSQL') {
    await admin(`create database ${dbName}`);
    env = { DATABASE_URL: Object.assign(new URL(pgBase), { pathname: `/${dbName}` }).toString() };
  }
  // From source, start-up (tsx, migrations) takes a while on a busy machine: it is not measured.
  const server = await startServer({
    source: true,
    readyTimeoutMs: 180_000,
    env: { NODE_ENV: 'production', SEED_DEMO: 'off', ...env },
  });
  const watchdog = setTimeout(() => {
    console.error(`bench:watch-flood: ${database} stopped after 2 minutes`);
    void server.stop().finally(() => process.exit(1));
  }, 120_000);
  let flooding;
  try {
    const password = 'Karibu-Moja-2026!';
    await api(server.url, 'POST', '/api/signup', {
      username: 'flood_bench',
      name: 'Achieng Otieno',
      email: 'flood@bench.co.ke',
      password,
      confirmPassword: password,
    });
    const { token } = await api(server.url, 'POST', '/api/login', { username: 'flood_bench', password });
    const post = await api(server.url, 'POST', '/api/posts', { content: 'Habari za asubuhi' }, token);
    const path = `/api/posts/${post.id}`;
    await reads(server.url, path, 2); // warm-up
    const idle = await reads(server.url, path, opts.seconds);
    flooding = await flood(server.url, opts.sockets, post.id);
    await sleep(2000);
    const busy = await reads(server.url, path, opts.seconds);
    const counts = await flooding.stop();
    flooding = undefined;
    return {
      database,
      sockets: opts.sockets,
      'idle p50 ms': idle.p50,
      'idle p99 ms': idle.p99,
      'flood p50 ms': busy.p50,
      'flood p99 ms': busy.p99,
      'p50 ratio': Math.round((busy.p50 / idle.p50) * 100) / 100,
      'watch sent': counts.sent,
      accepted: counts.accepted,
      refused: counts.refused,
      'sockets disconnected': counts.disconnected,
      'load avg': loadavg()[0].toFixed(1),
    };
  } finally {
    await flooding?.stop();
    clearTimeout(watchdog);
    await server.stop();
    if (database === 'PostgreSQL') await admin(`drop database if exists ${dbName} with (force)`);
  }
}

/** The flood in a worker thread, once every socket has connected: `stop()` answers its counts. */
async function flood(url, count, postId) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { url, count, postId } });
  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    stop: () =>
      new Promise((resolve) => {
        worker.once('message', (counts) => {
          void worker.terminate();
          resolve(counts);
        });
        worker.postMessage('stop');
      }),
  };
}

if (!isMainThread) {
  const flooding = floodHere(workerData.url, workerData.count, workerData.postId, () =>
    parentPort.postMessage('ready'),
  );
  parentPort.once('message', () => {
    flooding.stop();
    parentPort.postMessage(flooding.counts);
  });
} else {
  await main();
}

async function main() {
  const rows = [await measure('PGlite')];
  if (opts.pg) rows.push(await measure('PostgreSQL'));
  for (const row of rows) console.log(row);
  appendResults(
    'watch-flood',
    'watch flood — GET /api/posts/:id while anonymous sockets flood `watch`',
    `npm run bench:watch-flood${opts.pg ? ' -- --pg' : ''} (${opts.sockets} sockets, ${opts.seconds} s each)`,
    rows,
    [
      'Reads are one at a time (latency, not throughput). Half the watches name the real post (cached after the first), half an id never asked before (a fresh check, within the instance’s per-second share for visitors). Beyond 20 per 10 s a socket’s watches are refused unchecked; beyond 60 it is disconnected and reconnects after a second.',
      'Target: flood p50 within 2× of idle. The machine is shared: see the load average.',
    ],
  );
}
