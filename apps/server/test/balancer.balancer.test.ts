import type { ServerToClientEvents } from '@jamii/shared';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, type Nginx } from '../src/test/nginx';
import {
  createPostgresDatabase,
  startServerProcess,
  startWorkerProcess,
  type ServerProcess,
  type WorkerProcess,
} from '../src/test/server-process';
import { jsonRequest } from '../src/test/timed-call';

// Three instances (ROLE=web) and a worker behind deploy/nginx.conf, no sticky sessions, on one
// PostgreSQL and one Redis: everything goes through nginx's address, as a browser's would.

type Client = Socket<ServerToClientEvents, Record<string, never>>;
const settings = () => ({
  DATABASE_URL: database!.url,
  REDIS_URL: process.env.REDIS_URL!,
  REALTIME_TRANSPORTS: 'websocket',
  TRUST_PROXY: '1',
});
let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;

/** Waits for `event` on every socket, or fails after `ms` naming what did not come. */
function onEvery<T>(sockets: Client[], event: 'likeUpdated' | 'connect', ms: number) {
  return Promise.all(
    sockets.map(
      (socket, i) =>
        new Promise<T>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`socket ${i}: no ${event} within ${ms} ms`)), ms);
          socket.once(
            event as 'connect',
            ((value: T) => {
              clearTimeout(timer);
              resolve(value);
            }) as () => void,
          );
        }),
    ),
  );
}

describe('three instances behind nginx without sticky sessions', () => {
  let web: ServerProcess[] = [];
  let worker: WorkerProcess | undefined;
  let nginx: Nginx | undefined;
  const sockets: Client[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase(`jamii_balancer_${process.pid}`);
    // One migrates; the others wait for its lock.
    web = await Promise.all(
      [1, 2, 3].map(() => startServerProcess({ ...settings(), ROLE: 'web' }, { startTimeoutMs: 120_000 })),
    );
    worker = await startWorkerProcess(settings(), { startTimeoutMs: 120_000 });
    nginx = await startNginx(web.map((instance) => Number(new URL(instance.url).port)));
  }, 240_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await nginx?.stop();
    await Promise.all([...web.map((instance) => instance.stop()), worker?.stop()]);
    await database?.drop();
  }, 60_000);

  async function api<T>(method: string, url: string, body?: unknown, token?: string) {
    const res = await fetch(`${nginx!.url}${url}`, jsonRequest(method, body, token));
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async function member(username: string) {
    const password = 'Tuko-Pamoja-2024!';
    await api('POST', '/api/signup', {
      username,
      name: 'Achieng Otieno',
      email: `${username}@balancer.co.ke`,
      password,
      confirmPassword: password,
    });
    return api<{ token: string }>('POST', '/api/login', { username, password });
  }

  const open = () =>
    new Promise<Client>((resolve, reject) => {
      const socket: Client = connect(nginx!.url, {
        transports: ['websocket'],
        reconnectionDelay: 200,
        reconnectionDelayMax: 1_000,
      });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });

  it('refuses long-polling, and delivers a live event made through any instance to sockets on all three', async () => {
    const polling = await fetch(`${nginx!.url}/socket.io/?EIO=4&transport=polling`);
    expect(polling.status).toBe(400);
    // nginx gives each new WebSocket to the instance with the fewest: two sockets on each.
    for (let i = 0; i < 6; i++) sockets.push(await open());
    const author = await member('balancer_author');
    const post = await api<{ id: number }>(
      'POST',
      '/api/posts',
      { content: 'Habari za Kisumu' },
      author.token,
    );
    const received = onEvery(sockets, 'likeUpdated', 10_000);
    await api('POST', `/api/posts/${post.id}/like`, undefined, author.token);
    for (const event of await received) expect(event).toEqual({ type: 'post', id: post.id, likes: 1 });
  });

  it('loses no acknowledged write when an instance is killed under load, and its sockets reconnect elsewhere within 5 s', async () => {
    const writer = await member('balancer_writer');
    const acknowledged: number[] = [];
    let failed = 0;
    let stop = false;
    const writers = [1, 2, 3, 4].map(async (n) => {
      for (let i = 0; !stop; i++) {
        const res = await fetch(
          `${nginx!.url}/api/posts`,
          jsonRequest('POST', { content: `Writer ${n} post ${i}` }, writer.token),
        ).catch(() => undefined);
        if (res?.status === 201) acknowledged.push(((await res.json()) as { id: number }).id);
        else failed++;
      }
    });
    const dropped: Client[] = [];
    for (const socket of sockets) socket.once('disconnect', () => dropped.push(socket));
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));
    web[0]!.child.kill('SIGKILL');
    await web[0]!.exited;
    // The sockets it held (at least one: nginx spread them) reconnect through nginx to the others.
    while (dropped.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await onEvery(
      dropped.filter((socket) => !socket.connected),
      'connect',
      5_000,
    );
    const before = acknowledged.length;
    while (acknowledged.length < before + 20) await new Promise((resolve) => setTimeout(resolve, 20));
    stop = true;
    await Promise.all(writers);

    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: number }>('select id from posts where id = any($1)', [
        acknowledged,
      ]);
      expect(rows.length).toBe(acknowledged.length);
    } finally {
      await client.end();
    }
    expect(dropped.length).toBeGreaterThan(0);
    // Every socket, reconnected or not, still gets live events.
    const post = acknowledged.at(-1)!;
    const received = onEvery(sockets, 'likeUpdated', 10_000);
    await api('POST', `/api/posts/${post}/like`, undefined, writer.token);
    for (const event of await received) expect(event).toEqual({ type: 'post', id: post, likes: 1 });
    expect(failed).toBeLessThan(acknowledged.length);
  });
});
