import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { NEXT_CURSOR_HEADER } from '@jamii/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeUser } from '../../test/factories';

// The job queue inside the app (issue 14 part 2): emails go through it, admins see its dead letters,
// and ROLE=web stores jobs without running them.

const failedList = (t: TestApp, headers: Record<string, string> = {}, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/admin/background-jobs/failed${query}`, headers });

describe('background jobs in the app (ROLE=all)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'http://jamii.test' } });
  });
  afterAll(() => t.close());

  it('sends a password-reset email through the queue: stored as a job, written to the outbox, then gone', async () => {
    const member = await makeUser(t);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: member.email },
    });
    expect(answer.statusCode).toBe(200);
    await t.app.background.settled();
    const outbox = await readdir(path.join(t.dataDir, 'outbox'));
    expect(outbox).toHaveLength(1);
    expect(await t.db.selectFrom('background_jobs').selectAll().execute()).toEqual([]);
  });

  it('lists dead letters to admins only, newest first and keyset-paged, without their payload', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const member = await makeUser(t);
    t.app.queue.register(
      'test.always-fails',
      async () => {
        throw new Error('the bucket refused the file');
      },
      { maxAttempts: 2 },
    );
    for (const n of [1, 2, 3]) await t.app.queue.enqueue('test.always-fails', { secret: `link-${n}` });
    // Their backoff is seconds away: make each retry due now instead of waiting.
    for (let round = 0; round < 2; round += 1) {
      await t.db
        .updateTable('background_jobs')
        .set({ run_at: sql`now()` })
        .where('state', '=', 'queued')
        .execute();
      await t.app.queue.runDue();
    }

    expect((await failedList(t)).statusCode).toBe(401);
    expect((await failedList(t, member.auth)).statusCode).toBe(403);

    const first = await failedList(t, admin.auth, '?limit=2');
    expect(first.statusCode).toBe(200);
    const firstItems = first.json<{ id: number; name: string; attempts: number; last_error: string }[]>();
    expect(firstItems).toHaveLength(2);
    expect(firstItems[0]).toEqual({
      id: expect.any(Number),
      name: 'test.always-fails',
      attempts: 2,
      last_error: 'the bucket refused the file',
      failed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(first.body).not.toContain('link-');
    const cursor = first.headers[NEXT_CURSOR_HEADER.toLowerCase()];
    expect(cursor).toEqual(expect.any(String));
    const second = await failedList(t, admin.auth, `?limit=2&cursor=${encodeURIComponent(String(cursor))}`);
    const secondItems = second.json<{ id: number }[]>();
    expect(secondItems).toHaveLength(1);
    expect(second.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBeUndefined();
    expect(new Set([...firstItems, ...secondItems].map((j) => j.id)).size).toBe(3);
    expect((await failedList(t, admin.auth, '?cursor=not-ours')).statusCode).toBe(400);
  });
});

describe('ROLE=web', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ROLE: 'web' } });
  });
  afterAll(() => t.close());

  it('stores the jobs it makes and runs none of them', async () => {
    const member = await makeUser(t);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: member.email },
    });
    expect(answer.statusCode).toBe(200);
    await t.app.background.settled();
    expect(await t.app.queue.runDue()).toBe(0);
    const jobs = await t.db.selectFrom('background_jobs').select(['name', 'state', 'attempts']).execute();
    expect(jobs).toEqual([{ name: 'email.send', state: 'queued', attempts: 0 }]);
    expect(await readdir(path.join(t.dataDir, 'outbox')).catch(() => [])).toEqual([]);
  });
});
