import type { ReadyAnswer, ReplicaState } from '@jamii/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, startReplication, type Replication } from '../src/test/pg-replication';
import { startServerProcess, type ServerProcess } from '../src/test/server-process';
import { jsonRequest } from '../src/test/timed-call';

// A server on a real primary with a streaming standby as its read replica (made for this file with
// PostgreSQL's own programs). Which database served a read is what the answer's X-Read-From says;
// the replica's state is what /api/ready reports.

const MAX_LAG_S = 2;

/** Polls `probe` until it answers something, or fails naming `what` after `timeoutMs`. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 25_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('reads from a streaming replica', () => {
  let replication: Replication | undefined;
  let server: ServerProcess | undefined;
  const base = () => server!.url;

  async function api(method: string, url: string, body?: unknown, token?: string) {
    const res = await fetch(`${base()}${url}`, jsonRequest(method, body, token));
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return { body: (await res.json()) as unknown, readFrom: res.headers.get('x-read-from') };
  }

  async function member(username: string) {
    const password = 'Tuko-Pamoja-2024!';
    await api('POST', '/api/signup', {
      username,
      name: 'Wanjiku Kamau',
      email: `${username}@replica.co.ke`,
      password,
      confirmPassword: password,
    });
    const login = await api('POST', '/api/login', { username, password });
    return login.body as { token: string; user: { id: number; username: string } };
  }

  const replicaState = async () => {
    const res = await fetch(`${base()}/api/ready`);
    return ((await res.json()) as ReadyAnswer).replicas[0]!;
  };
  const replicaIs = (status: ReplicaState['status']) =>
    until(`replica-1 to be ${status}`, async () => {
      const state = await replicaState();
      return state.status === status ? state : undefined;
    });

  beforeAll(async () => {
    replication = await startReplication();
    await query(replication.primaryUrl, 'CREATE DATABASE jamii');
    const onDatabase = (url: string) => url.replace(/\/postgres$/, '/jamii');
    server = await startServerProcess(
      {
        DATABASE_URL: onDatabase(replication.primaryUrl),
        DATABASE_REPLICA_URLS: onDatabase(replication.standbyUrl),
        REPLICA_MAX_LAG_S: String(MAX_LAG_S),
      },
      { startTimeoutMs: 90_000 },
    );
    await replicaIs('up');
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await replication?.stop();
  }, 30_000);

  /** Every list, the search and the profile that show what `author` wrote (once they have it). */
  const reads = (author: { user: { id: number; username: string } }, word: string) => [
    { url: '/api/posts', has: (b: unknown) => JSON.stringify(b).includes(word) },
    { url: `/api/posts/user/${author.user.id}`, has: (b: unknown) => JSON.stringify(b).includes(word) },
    { url: `/api/posts?search=${word}`, has: (b: unknown) => (b as unknown[]).length === 1 },
    { url: '/api/jobs', has: (b: unknown) => JSON.stringify(b).includes(word) },
    { url: `/api/jobs?search=${word}`, has: (b: unknown) => (b as unknown[]).length === 1 },
    { url: '/api/bids', has: (b: unknown) => JSON.stringify(b).includes(word) },
    {
      url: `/api/users/${author.user.username}`,
      has: (b: unknown) => (b as { bio?: string }).bio === `Fundi ${word}`,
    },
  ];

  async function writeEverything(author: { token: string; user: { id: number } }, word: string) {
    await api('POST', '/api/posts', { content: `Habari ${word}` }, author.token);
    await api('POST', '/api/jobs', { title: `Fundi ${word}` }, author.token);
    await api('POST', '/api/bids', { job_title: `Kazi ${word}`, max_price: 900 }, author.token);
    await api('PUT', `/api/users/${author.user.id}`, { bio: `Fundi ${word}` }, author.token);
  }

  it("serves another member's reads from the replica, as /api/ready counts them", async () => {
    const author = await member('replica_author');
    const reader = await member('replica_reader');
    await writeEverything(author, 'mwanzo');
    const before = (await replicaState()).reads;
    for (const read of reads(author, 'mwanzo')) {
      // The replica has replayed the other member's writes within moments; until then it is the primary.
      const answer = await until(`${read.url} with the author's writes`, async () => {
        const got = await api('GET', read.url, undefined, reader.token);
        return read.has(got.body) ? got : undefined;
      });
      expect(answer.readFrom).toBe('replica-1');
    }
    expect((await replicaState()).reads).toBeGreaterThan(before);
  });

  it('shows a member their own writes at once on every list while the replica has not replayed them, and leaves a paused replica out after REPLICA_MAX_LAG_S', async () => {
    const author = await member('paused_author');
    const other = await member('paused_other');
    await replicaIs('up');
    await replication!.pauseReplay();
    try {
      await writeEverything(author, 'papo');
      for (const read of reads(author, 'papo')) {
        const answer = await api('GET', read.url, undefined, author.token);
        expect(read.has(answer.body), read.url).toBe(true);
        expect(answer.readFrom, read.url).toBe('primary');
      }
      const lagging = await replicaIs('lagging');
      expect(lagging.lag_seconds).toBeGreaterThan(MAX_LAG_S);
      // Skipped: the other member reads from the primary, and so sees the new writes too.
      for (const read of reads(author, 'papo')) {
        const answer = await api('GET', read.url, undefined, other.token);
        expect(read.has(answer.body), read.url).toBe(true);
        expect(answer.readFrom, read.url).toBe('primary');
      }
    } finally {
      await replication!.resumeReplay();
    }
    const back = await replicaIs('up');
    expect(back.lag_seconds).toBeLessThanOrEqual(MAX_LAG_S);
  });

  it('keeps every read working when the replica stops, and uses it again once it is back', async () => {
    const author = await member('stopped_author');
    const other = await member('stopped_other');
    await writeEverything(author, 'imesimama');
    await replicaIs('up');
    await replication!.stopStandby();
    try {
      for (const read of reads(author, 'imesimama')) {
        const answer = await api('GET', read.url, undefined, other.token);
        expect(read.has(answer.body), read.url).toBe(true);
        expect(answer.readFrom, read.url).toBe('primary');
      }
      const down = await replicaIs('down');
      expect(down.lag_seconds).toBeNull();
    } finally {
      await replication!.startStandby();
    }
    await replicaIs('up');
    const answer = await api('GET', '/api/posts', undefined, other.token);
    expect(answer.readFrom).toBe('replica-1');
  });
});
