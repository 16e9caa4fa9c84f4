import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { NEXT_CURSOR_HEADER } from '@jamii/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { postVideo, testClipBytes } from '../../test/clips';
import { makeUser } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';
import { DIGEST_JOB } from '../notifications/deliveries';
import { SWEEP_JOB } from '../payments/payments.settlement';
import { RENDITIONS_JOB } from '../videos/videos.service';

// The job queue inside the app (docs/operations.md): emails go through it, admins see its dead letters,
// and ROLE=web stores jobs without running them.

const failedList = (t: TestApp, headers: Record<string, string> = {}, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/admin/background-jobs/failed${query}`, headers });

/** The jobs a test made: the digest and the payments' sweep are always queued for later, each by the one before. */
const jobsOfTheTest = (t: TestApp) =>
  t.db.selectFrom('background_jobs').where('name', 'not in', [DIGEST_JOB, SWEEP_JOB]);

/** A new member asks for a password-reset link: the email is a job of the queue. */
async function askForReset(t: TestApp) {
  const member = await makeUser(t);
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: member.email },
  });
  expect(answer.statusCode).toBe(200);
  await t.app.background.settled();
}

describe('background jobs in the app (ROLE=all)', () => {
  const t = useTestApp({ env: { PUBLIC_URL: 'http://jamii.test' } });

  it('sends a password-reset email through the queue: stored as a job, written to the outbox, then gone', async () => {
    await askForReset(t);
    const outbox = await readdir(path.join(t.dataDir, 'outbox'));
    expect(outbox).toHaveLength(1);
    expect(await jobsOfTheTest(t).selectAll().execute()).toEqual([]);
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
    // Their backoff is seconds away: make each retry due now instead of waiting (the app's own
    // poller may be running some of them meanwhile: settled() waits for it). Bounded: three jobs of
    // two attempts need a few rounds, never twenty.
    for (let round = 0; ; round++) {
      expect(round, 'rounds of making the retries due').toBeLessThan(20);
      await t.app.queue.settled();
      const waiting = await t.db
        .updateTable('background_jobs')
        .set({ run_at: sql`now()` })
        .where('name', '=', 'test.always-fails')
        .where('state', '!=', 'failed')
        .executeTakeFirst();
      if (Number(waiting.numUpdatedRows) === 0) break;
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

describe('video renditions on the queue', () => {
  let t: TestApp;
  let clip: Buffer;
  beforeAll(async () => {
    t = await buildTestApp();
    // 640x360: worth one low-data copy (240p).
    clip = await testClipBytes({ size: '640x360' });
  });
  afterAll(() => t.close());

  it('answers the upload with no copies yet, makes them as a job, and a job run twice leaves one set', async () => {
    const member = await makeUser(t);
    const res = await postVideo(t, member.auth, { title: 'Nairobi skyline' }, { data: clip });
    expect(res.statusCode).toBe(201);
    const video = res.json<{ id: number; video_url: string; renditions: unknown[] }>();
    expect(video.renditions).toEqual([]);
    const queued = await jobsOfTheTest(t).select(['name', 'singleton_key']).execute();
    expect(queued).toEqual([{ name: RENDITIONS_JOB, singleton_key: `video:${video.id}` }]);

    await t.app.background.settled();
    const renditionFiles = () =>
      readdir(path.join(t.dataDir, 'media', 'renditions')).catch(() => [] as string[]);
    const rows = () => t.db.selectFrom('video_renditions').select(['height', 'url']).execute();
    const first = await rows();
    expect(first.map((r) => r.height)).toEqual([240]);
    expect(await renditionFiles()).toHaveLength(1);

    // The same job again (as after a worker died having stored its result): nothing more is made.
    await t.app.queue.enqueue(
      RENDITIONS_JOB,
      { videoId: video.id, videoUrl: video.video_url, heights: [240] },
      { singletonKey: `video:${video.id}` },
    );
    await t.app.background.settled();
    expect(await rows()).toEqual(first);
    expect(await renditionFiles()).toHaveLength(1);
    expect(await jobsOfTheTest(t).selectAll().execute()).toEqual([]);
  });
});

describe('ROLE=web', () => {
  const t = useTestApp({ env: { ROLE: 'web' } });

  it('stores the jobs it makes and runs none of them', async () => {
    await askForReset(t);
    expect(await t.app.queue.runDue()).toBe(0);
    const jobs = await jobsOfTheTest(t).select(['name', 'state', 'attempts']).execute();
    expect(jobs).toEqual([{ name: 'email.send', state: 'queued', attempts: 0 }]);
    expect(await readdir(path.join(t.dataDir, 'outbox')).catch(() => [])).toEqual([]);
  });

  it('lists a video whose copies wait for a worker to others too, processing, its original playable', async () => {
    const [owner, other] = [await makeUser(t), await makeUser(t)];
    const res = await postVideo(
      t,
      owner.auth,
      { title: 'Matatu ya Githurai' },
      { data: await testClipBytes({ seconds: 1, size: '640x360' }) },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ processing: true, renditions: [] });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/videos/short?user_id=${owner.id}`,
      headers: other.auth,
    });
    const [seen] = list.json<{ id: number; video_url: string }[]>();
    expect(seen).toMatchObject({ id: res.json<{ id: number }>().id, processing: true, renditions: [] });
    expect((await t.app.inject({ method: 'GET', url: seen!.video_url })).statusCode).toBe(200);
  });
});
