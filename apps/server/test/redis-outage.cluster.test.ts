import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { ServerToClientEvents } from '@jamii/shared';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPostgresDatabase,
  freePort,
  startServerProcess,
  type ServerProcess,
} from '../src/test/server-process';
import { timedCaller, type TimedAnswer } from '../src/test/timed-call';

// Redis is a helper, not a dependency: with nothing listening at REDIS_URL the server starts and
// serves, and when its Redis dies mid-run (or hangs) requests neither fail nor wait, live events keep
// reaching this instance's sockets, and events cross instances again once Redis is back. Each test
// runs its own redis-server on a free port (the machine's Redis is shared and never touched).

type Client = Socket<ServerToClientEvents, Record<string, never>>;
/** A request during an outage may wait on Redis for one command timeout (500 ms), no more. */
const FAST_MS = 1_500;
const PASSWORD = 'Tuko-Pamoja-2024!';

const call = timedCaller(10_000);

async function member(base: string, username: string) {
  const signup = await call(base, 'POST', '/api/signup', {
    username,
    name: 'Redis Outage',
    email: `${username}@outage.co.ke`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(signup.status).toBe(201);
  const login = await call(base, 'POST', '/api/login', { username, password: PASSWORD });
  expect(login.status).toBe(200);
  return login.body as { token: string; user: { id: number } };
}

const open = (base: string) =>
  new Promise<Client>((resolve, reject) => {
    const socket: Client = connect(base, { transports: ['websocket'], reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

/** The next likeUpdated for this post on the socket, or null after `ms`. */
const nextLike = (socket: Client, postId: number, ms: number) =>
  new Promise<number | null>((resolve) => {
    const onLike = (payload: { id: number; likes: number }) => {
      if (payload.id !== postId) return;
      clearTimeout(timer);
      socket.off('likeUpdated', onLike);
      resolve(payload.likes);
    };
    const timer = setTimeout(() => {
      socket.off('likeUpdated', onLike);
      resolve(null);
    }, ms);
    socket.on('likeUpdated', onLike);
  });

/** Every answer is below 500 and fast. */
function expectServed(answers: TimedAnswer[]) {
  for (const a of answers) {
    expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
    expect(a.ms).toBeLessThan(FAST_MS);
  }
}

/** A mixed burst as a member makes it: reads, a post, a like and an unlike, the notification count. */
async function burst(base: string, user: { token: string; user: { id: number } }, postId: number) {
  const answers: TimedAnswer[] = [];
  for (let i = 0; i < 4; i++) {
    answers.push(await call(base, 'GET', '/api/posts?limit=5', undefined, user.token));
    answers.push(await call(base, 'POST', '/api/posts', { content: `Habari ${i}` }, user.token));
    answers.push(await call(base, 'POST', `/api/posts/${postId}/like`, undefined, user.token));
    answers.push(await call(base, 'DELETE', `/api/posts/${postId}/like`, undefined, user.token));
    answers.push(
      await call(base, 'GET', `/api/notifications/${user.user.id}/unread-count`, undefined, user.token),
    );
  }
  return answers;
}

class OwnRedis {
  private child: ChildProcess | undefined;
  constructor(readonly port: number) {}
  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start() {
    this.child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const probe = new Redis(this.url, {
      lazyConnect: true,
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
    });
    probe.on('error', () => undefined);
    try {
      for (let i = 0; i < 100; i++) {
        if (
          await probe.connect().then(
            () => true,
            () => false,
          )
        )
          return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`redis-server did not start on port ${this.port}`);
    } finally {
      probe.disconnect();
    }
  }
  /** SIGKILL, as a crash; resolves once the process is gone. */
  async kill() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = once(child, 'exit');
    child.kill('SIGKILL');
    await gone;
  }
  signal(name: 'SIGSTOP' | 'SIGCONT') {
    this.child?.kill(name);
  }
}

describe('Redis unreachable at start', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    database = await createPostgresDatabase(`jamii_noredis_${process.pid}`);
  });
  afterAll(async () => {
    await server?.stop();
    await database.drop();
  });

  it('starts, serves without 5xx or delay and delivers live events on this instance', async () => {
    server = await startServerProcess({
      DATABASE_URL: database.url,
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      RATE_LIMITS: 'on',
    });
    expect((await call(server.url, 'GET', '/api/health')).status).toBe(200);
    const user = await member(server.url, 'no_redis_a');
    const post = await call(server.url, 'POST', '/api/posts', { content: 'Bila Redis' }, user.token);
    expect(post.status).toBe(201);
    const postId = (post.body as { id: number }).id;
    const watcher = await open(server.url);
    try {
      const like = nextLike(watcher, postId, 5_000);
      expectServed([await call(server.url, 'POST', `/api/posts/${postId}/like`, undefined, user.token)]);
      expect(await like).toBe(1);
      expectServed(await burst(server.url, user, postId));
    } finally {
      watcher.disconnect();
    }
    // Still the same process, alive.
    expect(server.child.exitCode).toBeNull();
  }, 60_000);
});

describe('Redis failing mid-run under two instances', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let redis: OwnRedis;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    database = await createPostgresDatabase(`jamii_redisdown_${process.pid}`);
    redis = new OwnRedis(await freePort());
    await redis.start();
    const env = { DATABASE_URL: database.url, REDIS_URL: redis.url, RATE_LIMITS: 'on' };
    // One after the other: the first migrates the new database.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
  }, 90_000);
  afterAll(async () => {
    redis.signal('SIGCONT');
    await Promise.all(servers.map((s) => s.stop()));
    await redis.kill();
    await database.drop();
  });

  it('keeps serving while Redis hangs or is down, and crosses instances again once it is back', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const user = await member(one.url, 'redis_mid_a');
    const post = await call(one.url, 'POST', '/api/posts', { content: 'Habari za Redis' }, user.token);
    const postId = (post.body as { id: number }).id;
    const onTwo = await open(two.url);
    const onOne = await open(one.url);
    try {
      // Redis up: a like made through one reaches a socket on two.
      let crossed = nextLike(onTwo, postId, 5_000);
      await call(one.url, 'POST', `/api/posts/${postId}/like`, undefined, user.token);
      expect(await crossed).toBe(1);
      await call(one.url, 'DELETE', `/api/posts/${postId}/like`, undefined, user.token);

      // Redis hangs (a stopped process keeps its connections open and never answers).
      redis.signal('SIGSTOP');
      expectServed([...(await burst(one.url, user, postId)), ...(await burst(two.url, user, postId))]);

      // Redis dies (killed while stopped, so the commands it holds are never run): connections
      // drop, every instance goes on alone.
      await redis.kill();
      const local = nextLike(onOne, postId, 5_000);
      expectServed([await call(one.url, 'POST', `/api/posts/${postId}/like`, undefined, user.token)]);
      expect(await local).toBe(1);
      expectServed([
        await call(one.url, 'DELETE', `/api/posts/${postId}/like`, undefined, user.token),
        ...(await burst(one.url, user, postId)),
        ...(await burst(two.url, user, postId)),
      ]);

      // Redis comes back on the same address: both instances reconnect (at most every 2 s) and
      // subscribe again; a like through one reaches two again.
      await redis.start();
      let likes: number | null = null;
      for (let attempt = 0; attempt < 20 && likes === null; attempt++) {
        crossed = nextLike(onTwo, postId, 1_000);
        const path = `/api/posts/${postId}/like`;
        expectServed([await call(one.url, attempt % 2 ? 'DELETE' : 'POST', path, undefined, user.token)]);
        likes = await crossed;
      }
      expect(likes).not.toBeNull();
      expect(one.child.exitCode).toBeNull();
      expect(two.child.exitCode).toBeNull();
    } finally {
      onOne.disconnect();
      onTwo.disconnect();
    }
  }, 90_000);
});
