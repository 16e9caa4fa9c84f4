import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NotificationDto, ServerToClientEvents } from '@jamii/shared';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Two real server processes on one PostgreSQL and one Redis, as behind a load balancer: events
// made through one must reach sockets connected to the other. Runs where both services are up
// (CI starts them; locally set TEST_DATABASE_URL and REDIS_URL).

const adminUrl = process.env.TEST_DATABASE_URL!;
const redisUrl = process.env.REDIS_URL!;
const root = path.resolve(import.meta.dirname, '../../..');
const dbName = `jamii_cluster_${process.pid}`;
type Client = Socket<ServerToClientEvents, Record<string, never>>;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

interface Instance {
  url: string;
  child: ChildProcess;
  dataDir: string;
}

async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jamii-cluster-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      JWT_SECRET: 'cluster-test-secret-shared-by-both-instances',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return { url, child, dataDir };
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('instance did not become ready in 30 s');
}

async function stop(instance: Instance | undefined) {
  if (!instance) return;
  const exited = new Promise((r) => instance.child.once('exit', r));
  instance.child.kill('SIGTERM');
  await exited;
  rmSync(instance.dataDir, { recursive: true, force: true });
}

async function api<T>(base: string, method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

describe('two instances behind one address', () => {
  let one: Instance | undefined;
  let two: Instance | undefined;
  beforeAll(async () => {
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    // Both start at once: the migration lock must let exactly one of them migrate.
    [one, two] = await Promise.all([startInstance(url.toString()), startInstance(url.toString())]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([stop(one), stop(two)]);
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
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
