// Can a failed login tell an existing username from an unknown one by its time? Runs the server
// from source (tsx) on a throw-away PGlite with the demo accounts, then sends PAIRS interleaved
// pairs of failed logins (an existing name, an unknown name, in alternating order) one at a time,
// and prints both medians and how often the existing name was the slower of its pair.
// Not part of CI: on a shared machine the figures are noisy. `[PAIRS=100] [GAP_MS=0] node bench/api/login-timing.mjs [root]`
// (root: another checkout to measure, e.g. an export of an older commit).
import path from 'node:path';
import { root as ownRoot, startServer } from '../lib/harness.mjs';

const PAIRS = Number(process.env.PAIRS ?? 100);
// A pause before each request lets work the server does after answering finish first.
const GAP_MS = Number(process.env.GAP_MS ?? 0);
const root = process.argv[2] ? path.resolve(process.argv[2]) : ownRoot;
const server = await startServer({ source: true, cwd: root, readyTimeoutMs: 120_000 });
const { url } = server;

async function failedLogin(username) {
  if (GAP_MS > 0) await new Promise((r) => setTimeout(r, GAP_MS));
  const started = performance.now();
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Not-The-Password-1!', rememberMe: false }),
  });
  await res.arrayBuffer();
  if (res.status !== 401) throw new Error(`expected 401, got ${res.status}`);
  return performance.now() - started;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};

try {
  // Warm-up: the first requests compile code paths and build the dummy hash.
  for (let i = 0; i < 10; i++) {
    await failedLogin('@wanjiku_k');
    await failedLogin('@nobody_here');
  }
  const known = [];
  const unknown = [];
  let knownSlower = 0;
  for (let i = 0; i < PAIRS; i++) {
    const order = i % 2 === 0 ? ['k', 'u'] : ['u', 'k'];
    const t = {};
    for (const which of order) t[which] = await failedLogin(which === 'k' ? '@wanjiku_k' : `@nobody_${i}`);
    known.push(t.k);
    unknown.push(t.u);
    if (t.k > t.u) knownSlower++;
  }
  console.log(
    JSON.stringify({
      root,
      pairs: PAIRS,
      gapMs: GAP_MS,
      medianExistingMs: Number(median(known).toFixed(2)),
      medianUnknownMs: Number(median(unknown).toFixed(2)),
      existingSlowerInPairs: knownSlower,
    }),
  );
} finally {
  await server.stop();
}
