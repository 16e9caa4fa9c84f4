// `npm run bench:ussd [-- --sessions 200] [-- --seconds 10] [-- --think 2]`: Jamii's USSD callback under Africa's
// Talking's load (target in bench/README.md: p99 ≤ 300 ms at 200 concurrent sessions, well inside the
// gateway's 15 s). The built server (apps/server/dist/main.js; `npm run build` first) on a new
// embedded database with the demo content, on 127.0.0.1. `--sessions` connections each walk a
// visitor's session screen by screen (language, Jobs near me, a county, its list, More, a job),
// each callback carrying every answer so far as the gateway sends it; beside it, a bare node:http
// server answering a screen of the same size, as the ratio's baseline. Bounded: the run stops
// itself after 3 minutes. Writes its table to bench/results/<date>-ussd.md (BENCH_NO_RESULTS=1 skips).
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { freePort, load, startServer } from '../lib/harness.mjs';
import { appendResults } from '../lib/results.mjs';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    think: { type: 'string', default: '2' },
  },
});
const sessions = Number(values.sessions);
const seconds = Number(values.seconds);
if (!(Number.isInteger(sessions) && sessions >= 1 && sessions <= 2000))
  throw new Error('--sessions: 1 to 2000');
if (!(Number.isInteger(seconds) && seconds >= 2 && seconds <= 60)) throw new Error('--seconds: 2 to 60');
// A person reads each screen and types an answer: --think seconds between one session's callbacks
// (2 s is a fast typist; the gateway allows 15 s a screen). The sessions together then send
// sessions / think callbacks a second. The closed loop (no think time) measures capacity instead.
const think = Number(values.think);
if (!(think >= 0.5 && think <= 15)) throw new Error('--think: 0.5 to 15 seconds');
const overall = setTimeout(() => {
  console.error('bench:ussd: stopped after 3 minutes');
  process.exit(1);
}, 180_000);
overall.unref();

/** A visitor's session, one callback per screen: what the gateway posts for each. */
const SCREENS = ['', '1', '1*1', '1*1*Nairobi', '1*1*Nairobi*6', '1*1*Nairobi*1', '2*1*1*Mombasa'];
const form = (text, i) =>
  new URLSearchParams({
    sessionId: `bench-${i}`,
    serviceCode: '*384*5566#',
    phoneNumber: `+2547${String(10_000_000 + i).slice(-8)}`,
    networkCode: '63902',
    text,
  }).toString();
const requests = SCREENS.map((text, i) => ({
  method: 'POST',
  path: '/api/ussd',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: form(text, i),
}));

const server = await startServer({ env: { SEED_DEMO: 'on' }, readyTimeoutMs: 90_000 });
const screen = 'CON Jobs in Nairobi\n1 Accountant, Tujenge Ltd\n2 Driver, Safari Tours\n6 More\n0 Back';
const bare = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(screen));
});
const barePort = await freePort();
await new Promise((resolve) => bare.listen(barePort, '127.0.0.1', resolve));

try {
  // The gateway's screens must be what a phone shows before they are timed.
  for (const r of requests) {
    const res = await fetch(`${server.url}${r.path}`, { method: 'POST', headers: r.headers, body: r.body });
    const body = await res.text();
    if (!res.ok || !/^(CON|END) /.test(body) || body.length > 182)
      throw new Error(`not a USSD screen for ${JSON.stringify(r.body)}: ${res.status} ${body}`);
  }
  const paced = await load({
    url: server.url,
    connections: sessions,
    duration: seconds,
    requests,
    overallRate: Math.round(sessions / think),
  });
  const jamii = await load({ url: server.url, connections: sessions, duration: seconds, requests });
  const baseline = await load({
    url: `http://127.0.0.1:${barePort}`,
    connections: sessions,
    duration: seconds,
    requests,
  });
  const rows = [
    ['', 'req/s', 'p50 ms', 'p99 ms', 'errors'],
    [
      `Jamii /api/ussd (PGlite), ${sessions} sessions, a screen every ${think} s each`,
      paced.rps,
      paced.p50,
      paced.p99,
      paced.errors,
    ],
    [
      `Jamii /api/ussd (PGlite), ${sessions} sessions, no think time (capacity)`,
      jamii.rps,
      jamii.p50,
      jamii.p99,
      jamii.errors,
    ],
    ['bare node:http, same screens', baseline.rps, baseline.p50, baseline.p99, baseline.errors],
  ];
  console.table(rows);
  console.log(
    `paced p99 ${paced.p99} ms (target ≤ 300); capacity ${jamii.rps} req/s, ${(jamii.rps / baseline.rps).toFixed(3)}× bare`,
  );
  appendResults(
    'ussd',
    `USSD callback — ${sessions} concurrent sessions, ${seconds} s`,
    `npm run bench:ussd -- --sessions ${sessions} --seconds ${seconds} --think ${think}`,
    rows,
    [
      `Target: p99 ≤ 300 ms for ${sessions} sessions at a person's pace (the paced row). ` +
        `Capacity ${(jamii.rps / baseline.rps).toFixed(3)}× bare; in the closed loop every session waits ` +
        `its turn, so its p99 is the queue (${sessions} / req/s), not a screen's time.`,
    ],
  );
} finally {
  bare.close();
  await server.stop();
}
