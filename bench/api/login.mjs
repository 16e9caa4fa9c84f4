// argon2id hash time (OWASP parameters) and login throughput with the server pinned to one core.
import { hash } from '@node-rs/argon2';
import { load, startServer } from '../lib/harness.mjs';

const N = 20;
const t0 = performance.now();
for (let i = 0; i < N; i++)
  await hash(`password-${i}`, { algorithm: 2, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 });
const hashMs = (performance.now() - t0) / N;

const server = await startServer({ cpu: 0 });
try {
  const body = JSON.stringify({ username: '@wanjiku_k', password: 'Karibu-Jamii-2025!', rememberMe: false });
  const r = await load({
    url: `${server.url}/api/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: 8,
    duration: Number(process.env.BENCH_SECONDS ?? 5),
  });
  console.table([
    {
      'argon2id ms/hash': hashMs.toFixed(1),
      'logins/s on one core': r.rps,
      'p99 ms': r.p99,
      errors: r.errors,
    },
  ]);
} finally {
  await server.stop();
}
