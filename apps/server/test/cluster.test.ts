import type { ClientToServerEvents, NotificationDto, ServerToClientEvents } from '@jamii/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, startServerProcess, type ServerProcess } from '../src/test/server-process';
import { jsonRequest } from '../src/test/timed-call';

// Two real server processes on one PostgreSQL and one Redis, as behind a load balancer: events
// made through one must reach sockets connected to the other. Runs where both services are up
// (CI starts them; locally set TEST_DATABASE_URL and REDIS_URL).

const redisUrl = process.env.REDIS_URL!;
const dbName = `jamii_cluster_${process.pid}`;
type Client = Socket<ServerToClientEvents, Record<string, never>>;

type Instance = ServerProcess;

/** One instance on the shared database and Redis (the start-up waits until it answers). */
const startInstance = (databaseUrl: string) =>
  startServerProcess({
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    JWT_SECRET: 'cluster-test-secret-shared-by-both-instances',
  });

async function api<T>(base: string, method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${url}`, jsonRequest(method, body, token));
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

describe('two instances behind one address', () => {
  let one: Instance | undefined;
  let two: Instance | undefined;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  beforeAll(async () => {
    database = await createPostgresDatabase(dbName);
    const { url } = database;
    // Both start at once: the migration lock must let exactly one of them migrate.
    [one, two] = await Promise.all([startInstance(url), startInstance(url)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await database?.drop();
  }, 30_000);

  async function member(base: string, username: string) {
    const password = 'Tuko-Pamoja-2024!';
    await api(base, 'POST', '/api/signup', {
      username,
      name: 'Cluster Member',
      email: `${username}@cluster.co.ke`,
      password,
      confirmPassword: password,
    });
    return api<{ token: string; user: { id: number; username: string } }>(base, 'POST', '/api/login', {
      username,
      password,
    });
  }

  const open = (base: string, token?: string) =>
    new Promise<Client>((resolve, reject) => {
      const socket: Client = connect(base, {
        transports: ['websocket'],
        reconnection: false,
        auth: token ? { token } : {},
      });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });

  it('delivers a like made through one instance to a socket on the other', async () => {
    const author = await member(one!.url, 'cluster_a');
    const post = await api<{ id: number }>(
      one!.url,
      'POST',
      '/api/posts',
      { content: 'Habari from instance one' },
      author.token,
    );
    const watcher = await open(two!.url);
    try {
      const received = new Promise((resolve) => watcher.once('likeUpdated', resolve));
      await api(one!.url, 'POST', `/api/posts/${post.id}/like`, undefined, author.token);
      expect(await received).toEqual({ type: 'post', id: post.id, likes: 1 });
    } finally {
      watcher.disconnect();
    }
  });

  it('delivers a like made through one instance only to the sockets on the other that show the post', async () => {
    const author = await member(one!.url, 'cluster_e');
    const [shown, elsewhere] = await Promise.all(
      ['Shown on screen', 'Not on screen'].map((content) =>
        api<{ id: number }>(one!.url, 'POST', '/api/posts', { content }, author.token),
      ),
    );
    const viewer = await open(two!.url);
    try {
      const declared = await new Promise<boolean>((resolve) =>
        (viewer as unknown as Socket<ServerToClientEvents, ClientToServerEvents>).emit(
          'watchPosts',
          [shown!.id],
          resolve,
        ),
      );
      expect(declared).toBe(true);
      const received = new Promise((resolve) => viewer.once('likeUpdated', resolve));
      await api(one!.url, 'POST', `/api/posts/${elsewhere!.id}/like`, undefined, author.token);
      await api(one!.url, 'POST', `/api/posts/${shown!.id}/like`, undefined, author.token);
      // The first like event it gets is the shown post's: the other one never came.
      expect(await received).toEqual({ type: 'post', id: shown!.id, likes: 1 });
    } finally {
      viewer.disconnect();
    }
  });

  it("re-checks on every instance: a block through one takes the blocked member's socket on the other out of the blocker's post", async () => {
    const blocker = await member(one!.url, 'cluster_f');
    const blocked = await member(one!.url, 'cluster_g');
    const post = await api<{ id: number }>(
      one!.url,
      'POST',
      '/api/posts',
      { content: 'Karibu' },
      blocker.token,
    );
    const socket = (await open(two!.url, blocked.token)) as unknown as Socket<
      ServerToClientEvents,
      ClientToServerEvents
    >;
    try {
      const watched = await new Promise<boolean>((resolve) => socket.emit('watch', 'post', post.id, resolve));
      expect(watched).toBe(true);
      const ended = new Promise((resolve) => socket.once('watchEnded', resolve));
      await api(
        one!.url,
        'POST',
        `/api/users/${blocked.user.username.slice(1)}/block`,
        undefined,
        blocker.token,
      );
      expect(await ended).toEqual({ kind: 'post', id: post.id });
      const again = await new Promise<boolean>((resolve) => socket.emit('watch', 'post', post.id, resolve));
      expect(again).toBe(false);
    } finally {
      socket.disconnect();
    }
  });

  it("delivers a notification created on one instance to the member's socket on the other", async () => {
    const follower = await member(one!.url, 'cluster_b');
    const followed = await member(two!.url, 'cluster_c');
    const socket = await open(two!.url, followed.token);
    try {
      const received = new Promise<NotificationDto>((resolve) => socket.once('notification', resolve));
      await api(
        one!.url,
        'POST',
        `/api/users/${followed.user.username.slice(1)}/follow`,
        undefined,
        follower.token,
      );
      const note = await received;
      expect(note.user_id).toBe(followed.user.id);
      expect(note.message).toContain('started following you');
    } finally {
      socket.disconnect();
    }
  });

  it('ends a login on every instance: logout through one refuses its token and closes its socket on the other', async () => {
    const other = await member(one!.url, 'cluster_d');
    const login = await fetch(`${one!.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'cluster_d', password: 'Tuko-Pamoja-2024!' }),
    });
    const { token } = (await login.json()) as { token: string };
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('jamii_rt='))!
      .split(';')[0]!;
    const me = (base: string, bearer: string) =>
      fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${bearer}` } }).then((r) => r.status);
    const socket = await open(two!.url, token);
    try {
      const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      const out = await fetch(`${one!.url}/api/logout`, {
        method: 'POST',
        headers: { 'x-requested-with': 'XMLHttpRequest', cookie },
      });
      expect(out.status).toBe(204);
      expect(await closed).toBe('io server disconnect');
      expect(await me(two!.url, token)).toBe(401);
      expect(await me(two!.url, other.token)).toBe(200);
    } finally {
      socket.disconnect();
    }
  });
});
