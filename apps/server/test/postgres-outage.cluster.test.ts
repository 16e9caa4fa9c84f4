import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, startServerProcess, type ServerProcess } from '../src/test/server-process';
import { TcpProxy } from '../src/test/tcp-proxy';
import { timedCaller } from '../src/test/timed-call';

// PostgreSQL going away under a running server process, through a TCP proxy between the two: stopped
// (connections cut, new ones refused) and silent (connections open, nothing answers). Readiness turns
// 503, reads and writes answer a clean 503 within the database timeout instead of hanging or
// crashing, and the same process serves again by itself once PostgreSQL is back.

/** DATABASE_TIMEOUT_MS of the server under test: a silent database fails a statement after this. */
const TIMEOUT_MS = 1_500;
/** An answer during an outage arrives within the timeout plus the pool's wait; never later. */
const ANSWER_WITHIN_MS = 3 * TIMEOUT_MS + 2_000;
const PASSWORD = 'Tuko-Pamoja-2024!';
const UNAVAILABLE = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service is briefly unavailable. Please try again in a moment.',
};

// The client gives up long after the server should have answered: a hang fails the test, not CI.
const call = timedCaller(ANSWER_WITHIN_MS + 5_000);

/** What a member does: the feed, a post, the unread count, readiness. */
const requests = (userId: number) => [
  { method: 'GET', url: '/api/posts?limit=5' },
  { method: 'POST', url: '/api/posts', body: { content: 'Habari wakati wa hitilafu' } },
  { method: 'GET', url: `/api/notifications/${userId}/unread-count` },
];

async function expectUnavailable(base: string, token: string, userId: number) {
  const ready = await call(base, 'GET', '/api/ready');
  expect(ready.status).toBe(503);
  expect(ready.body).toEqual({ status: 'unavailable', database: 'down', replicas: [] });
  expect(ready.ms).toBeLessThan(ANSWER_WITHIN_MS);
  // In parallel, as members keep coming: every one gets its answer, none waits forever.
  const answers = await Promise.all(requests(userId).map((r) => call(base, r.method, r.url, r.body, token)));
  for (const a of answers) {
    expect(a.status, JSON.stringify(a.body)).toBe(503);
    expect(a.body).toEqual(UNAVAILABLE);
    expect(a.retryAfter).toBe('5');
    expect(a.ms).toBeLessThan(ANSWER_WITHIN_MS);
  }
}

/** Ready again and a post lands, within a bounded number of tries (the pool reconnects lazily). */
async function expectServedAgain(base: string, token: string) {
  let ready = 0;
  for (let i = 0; i < 20 && ready !== 200; i++) ready = (await call(base, 'GET', '/api/ready')).status;
  expect(ready).toBe(200);
  const post = await call(base, 'POST', '/api/posts', { content: 'Tumerudi, karibuni' }, token);
  expect(post.status).toBe(201);
  const feed = await call(base, 'GET', '/api/posts?limit=5', undefined, token);
  expect(feed.status).toBe(200);
}

describe('PostgreSQL stopped or silent while the server serves', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let proxy: TcpProxy;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await createPostgresDatabase(`jamii_pgdown_${process.pid}`);
    const target = new URL(database.url);
    proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.start();
    const viaProxy = new URL(database.url);
    viaProxy.host = proxy.url;
    server = await startServerProcess({
      DATABASE_URL: viaProxy.toString(),
      DATABASE_TIMEOUT_MS: String(TIMEOUT_MS),
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.drop();
  });

  it('answers 503 while PostgreSQL is stopped, then serves again by itself', async () => {
    const base = server.url;
    const signup = await call(base, 'POST', '/api/signup', {
      username: 'pg_outage_a',
      name: 'Wanjiru Outage',
      email: 'pg_outage_a@outage.co.ke',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(signup.status).toBe(201);
    const login = await call(base, 'POST', '/api/login', { username: 'pg_outage_a', password: PASSWORD });
    expect(login.status).toBe(200);
    const { token, user } = login.body as { token: string; user: { id: number } };
    expect((await call(base, 'GET', '/api/ready')).status).toBe(200);

    // Stopped: every connection cut, the port refuses.
    await proxy.down();
    await expectUnavailable(base, token, user.id);
    expect(server.child.exitCode).toBeNull();
    await proxy.open();
    await expectServedAgain(base, token);

    // Silent: connections stay open and nothing answers, new ones are accepted and never served.
    proxy.hang();
    await expectUnavailable(base, token, user.id);
    expect(server.child.exitCode).toBeNull();
    await proxy.open();
    await expectServedAgain(base, token);

    // Silent, and the frozen connections never come back (a firewall forgot them) while new ones
    // work: the connections whose statement timed out leave the pool instead of failing every
    // request that draws them.
    proxy.hang();
    await expectUnavailable(base, token, user.id);
    await proxy.open({ keepHung: true });
    await expectServedAgain(base, token);
    for (let i = 0; i < 5; i++) await expectServedAgain(base, token);

    // The same process all along.
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
  }, 60_000);
});
