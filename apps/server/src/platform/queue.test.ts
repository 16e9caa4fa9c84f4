import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { freshTestDatabase } from '../test/test-database';
import { createQueue, defaultBackoffMs, type QueueOptions } from './queue';

// The job queue (docs/operations.md) on the test database: PGlite, or PostgreSQL with TEST_DATABASE_URL.

let database: Database;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  database = await freshTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom('background_jobs').execute();
});

const queueOf = (opts: Partial<QueueOptions> = {}) =>
  createQueue({ db: database.db, log, runsJobs: true, backoffMs: () => 0, ...opts });

const jobs = () => database.db.selectFrom('background_jobs').selectAll().orderBy('id').execute();

describe('background queue', () => {
  it('runs a job once and deletes it', async () => {
    const queue = queueOf();
    const seen: unknown[] = [];
    queue.register<{ n: number }>('note', async (payload, job) => {
      seen.push({ ...payload, attempt: job.attempt });
    });
    const id = await queue.enqueue('note', { n: 7 });
    expect(id).toEqual(expect.any(Number));
    expect(await queue.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 7, attempt: 1 }]);
    expect(await jobs()).toEqual([]);
    expect(await queue.runDue()).toBe(0);
  });

  it('tries a failing job again after its backoff, and keeps no trace once it succeeds', async () => {
    const queue = queueOf({ backoffMs: () => 60 * 60_000 });
    let calls = 0;
    queue.register('flaky', async () => {
      calls += 1;
      if (calls === 1) throw new Error('smtp refused');
    });
    await queue.enqueue('flaky', {});
    expect(await queue.runDue()).toBe(1);
    const [waiting] = await jobs();
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1, last_error: 'smtp refused' });
    // Not due for an hour: nothing runs now.
    expect(await queue.runDue()).toBe(0);
    expect(calls).toBe(1);
    await database.db
      .updateTable('background_jobs')
      .set({ run_at: sql`now()` })
      .execute();
    expect(await queue.runDue()).toBe(1);
    expect(calls).toBe(2);
    expect(await jobs()).toEqual([]);
  });

  it('dead-letters a job after its last attempt and lists it for admins, newest first, by keyset', async () => {
    const queue = queueOf();
    let calls = 0;
    queue.register(
      'broken',
      async () => {
        calls += 1;
        throw new Error(`attempt ${calls} failed`);
      },
      { maxAttempts: 3 },
    );
    for (const n of [1, 2, 3]) await queue.enqueue('broken', { n });
    // Each runDue takes every due job; a failed one is due again at once (backoff 0 here).
    expect(await queue.runDue()).toBe(9);
    expect(calls).toBe(9);
    const rows = await jobs();
    expect(rows.map((r) => [r.state, r.attempts])).toEqual([
      ['failed', 3],
      ['failed', 3],
      ['failed', 3],
    ]);
    expect(await queue.runDue()).toBe(0);

    const first = await queue.listFailed({ limit: 2, after: null });
    expect(first.items).toHaveLength(2);
    expect(first.items[0]).toMatchObject({
      name: 'broken',
      attempts: 3,
      last_error: expect.stringMatching(/failed$/),
    });
    expect(first.nextCursor).toEqual(expect.any(String));
    const { decodeCursor } = await import('./pagination');
    const second = await queue.listFailed({ limit: 2, after: decodeCursor(first.nextCursor ?? '') });
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((j) => j.id);
    expect(new Set(ids).size).toBe(3);
    expect(first.items[0]).not.toHaveProperty('payload');
  });

  it('keeps one queued job per singleton key, and takes a new one once the first has finished', async () => {
    const queue = queueOf();
    let calls = 0;
    queue.register('renditions', async () => {
      calls += 1;
    });
    const first = await queue.enqueue('renditions', { videoId: 1 }, { singletonKey: 'video:1' });
    const again = await queue.enqueue('renditions', { videoId: 1 }, { singletonKey: 'video:1' });
    const other = await queue.enqueue('renditions', { videoId: 2 }, { singletonKey: 'video:2' });
    expect(first).toEqual(expect.any(Number));
    expect(again).toBeNull();
    expect(other).toEqual(expect.any(Number));
    expect(await jobs()).toHaveLength(2);
    expect(await queue.runDue()).toBe(2);
    expect(calls).toBe(2);
    expect(await queue.enqueue('renditions', { videoId: 1 }, { singletonKey: 'video:1' })).toEqual(
      expect.any(Number),
    );
  });

  it('takes a job again when its worker died holding it, and dead-letters it when that was its last attempt', async () => {
    const queue = queueOf();
    const attempts: number[] = [];
    queue.register('render', async (_payload, job) => {
      attempts.push(job.attempt);
    });
    queue.register('render-last', async () => undefined, { maxAttempts: 1 });
    await queue.enqueue('render', { videoId: 5 });
    await queue.enqueue('render-last', { videoId: 6 });
    // As a worker killed mid-job leaves them: running, first attempt taken, lease run out.
    await database.db
      .updateTable('background_jobs')
      .set({ state: 'running', attempts: 1, locked_until: sql`now() - interval '1 second'` })
      .execute();
    expect(await queue.runDue()).toBe(1);
    expect(attempts).toEqual([2]);
    const rows = await jobs();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'render-last',
      state: 'failed',
      last_error: 'the worker stopped before the job finished',
    });
  });

  it('renews a running job’s short lease while its handler works, so no other worker takes it', async () => {
    const worker = queueOf({ leaseMs: 400, heartbeatMs: 100 });
    const other = queueOf({ leaseMs: 400, heartbeatMs: 100 });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let calls = 0;
    const slow = async () => {
      calls += 1;
      started();
      await released;
    };
    worker.register('slow', slow);
    other.register('slow', slow);
    await worker.enqueue('slow', {});
    const done = worker.runDue();
    await running;
    const claimed = (await jobs())[0]!;
    expect(claimed).toMatchObject({ state: 'running', attempts: 1 });
    // The claim holds the job for the short lease, not for the job's whole length.
    const { rows } = await sql<{ ok: boolean }>`
      select locked_until <= now() + interval '400 milliseconds' as ok from background_jobs`.execute(
      database.db,
    );
    expect(rows[0]!.ok).toBe(true);
    // Wait (bounded) until the first lease would have run out and the heartbeat has renewed it.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows: state } = await sql<{ renewed: boolean }>`
        select now() > ${claimed.locked_until} and locked_until > now() as renewed
          from background_jobs where id = ${claimed.id}`.execute(database.db);
      if (state[0]?.renewed) break;
      if (Date.now() > deadline) throw new Error('the lease was never renewed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await other.runDue()).toBe(0);
    release();
    expect(await done).toBe(1);
    expect(calls).toBe(1);
    expect(await jobs()).toEqual([]);
  });

  it('tells a handler whose job another worker has taken (its lease lost), and keeps that worker’s attempt', async () => {
    const queue = queueOf({ leaseMs: 400, heartbeatMs: 50 });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let abortedWith: unknown;
    queue.register('stalled', async (_payload, job) => {
      started();
      await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve()));
      abortedWith = job.signal.reason;
    });
    await queue.enqueue('stalled', {});
    const done = queue.runDue();
    await running;
    // As if this process had stalled past its lease and another worker had taken the job.
    await database.db
      .updateTable('background_jobs')
      .set({ attempts: 2, locked_until: sql`now() + interval '1 hour'` })
      .execute();
    expect(await done).toBe(1);
    expect(String(abortedWith)).toMatch(/taken by another worker/);
    // The other worker's attempt is left alone: not deleted by the first worker's late finish.
    expect(await jobs()).toEqual([expect.objectContaining({ state: 'running', attempts: 2 })]);
  });

  it('leaves a job that another worker holds alone while its lease runs', async () => {
    const queue = queueOf();
    let calls = 0;
    queue.register('held', async () => {
      calls += 1;
    });
    await queue.enqueue('held', {});
    await database.db
      .updateTable('background_jobs')
      .set({ state: 'running', attempts: 1, locked_until: sql`now() + interval '1 hour'` })
      .execute();
    expect(await queue.runDue()).toBe(0);
    expect(calls).toBe(0);
  });

  it('a process that does not run jobs (ROLE=web) enqueues them, and a worker runs them', async () => {
    const web = queueOf({ runsJobs: false });
    const worker = queueOf();
    const ranOn: string[] = [];
    web.register('email', async () => {
      ranOn.push('web');
    });
    worker.register('email', async () => {
      ranOn.push('worker');
    });
    web.start();
    await web.enqueue('email', { to: 'a@example.co.ke' });
    expect(await web.runDue()).toBe(0);
    expect(await jobs()).toHaveLength(1);
    expect(await worker.runDue()).toBe(1);
    expect(ranOn).toEqual(['worker']);
    await web.stop();
  });

  it('never hands one job to two workers at once', async () => {
    const a = queueOf({ concurrency: 3 });
    const b = queueOf({ concurrency: 3 });
    const runs = new Map<number, number>();
    const handler = async (payload: { n: number }) => {
      runs.set(payload.n, (runs.get(payload.n) ?? 0) + 1);
    };
    a.register('count', handler);
    b.register('count', handler);
    for (let n = 0; n < 20; n += 1) await a.enqueue('count', { n });
    const [fromA, fromB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(fromA + fromB).toBe(20);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(runs.size).toBe(20);
  });

  it('polls once started, and runs a job enqueued in the same process', async () => {
    const queue = queueOf({ pollMs: 60_000 });
    const done = new Promise<unknown>((resolve) => {
      queue.register('wake', async (payload) => resolve(payload));
    });
    queue.start();
    await queue.enqueue('wake', { ok: true });
    expect(await done).toEqual({ ok: true });
    await queue.stop();
  });

  it('refuses a handler registered twice, and backs off exponentially up to ten minutes', () => {
    const queue = queueOf();
    queue.register('once', async () => undefined);
    expect(() => queue.register('once', async () => undefined)).toThrow(/registered twice/);
    expect([1, 2, 3, 10, 20].map(defaultBackoffMs)).toEqual([5000, 10_000, 20_000, 600_000, 600_000]);
  });
});
