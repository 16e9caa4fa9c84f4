import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import type { SharedTestApp } from '../test/use-test-app';
import { useTestApp } from '../test/use-test-app';
import { makeJpeg, makeUser, multipart } from '../test/factories';

/** The claim row of a member's key, as the platform keeps it. */
const claimOf = (t: SharedTestApp, userId: number, key: string) =>
  t.db
    .selectFrom('idempotency_keys')
    .select([
      'attempt',
      'status',
      'committed_at',
      'claimed_until',
      sql<boolean>`claimed_until > now()`.as('alive'),
    ])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();

/**
 * A picture-less post whose multipart body the test sends in two halves: the route (and its write)
 * waits for the second, so the test can act while the request holds its key.
 */
async function heldPost(t: SharedTestApp, auth: Record<string, string>, key: string, content: string) {
  const body = await multipart({ content });
  const headers = {
    ...auth,
    ...body.headers,
    'content-length': String(body.payload.length),
    'idempotency-key': key,
  };
  const stream = new PassThrough();
  stream.write(body.payload.subarray(0, 10));
  const answer = t.app.inject({ method: 'POST', url: '/api/posts', headers, payload: stream });
  return {
    answer,
    finish: () => stream.end(body.payload.subarray(10)),
    resend: () => t.app.inject({ method: 'POST', url: '/api/posts', headers, payload: body.payload }),
  };
}

// House rule: every create route accepts an idempotency key (README "Idempotency keys").
describe('Idempotency-Key on POST', () => {
  const t = useTestApp();

  const postJob = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/jobs', headers, payload });
  const jobCount = async (clientId: number) =>
    (
      await t.db
        .selectFrom('jobs')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow()
    ).n;

  it('answers a repeat with the stored answer and Idempotent-Replayed, creating one row', async () => {
    const poster = await makeUser(t);
    const headers = { ...poster.auth, 'idempotency-key': 'job-form-1' };
    const first = await postJob(headers, { title: 'Driver' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await postJob(headers, { title: 'Driver' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.json()).toEqual(first.json());
    expect(await jobCount(poster.id)).toBe(1);
  });

  it('knows a repeat sent to another spelling of the same address (case, slashes, escapes, query)', async () => {
    const poster = await makeUser(t);
    const headers = { ...poster.auth, 'idempotency-key': 'job-form-spelt' };
    const first = await postJob(headers, { title: 'Fundi' });
    expect(first.statusCode).toBe(201);
    for (const url of ['/API/jobs', '//api//jobs/', '/%61pi/jobs', '/api/jobs?from=share']) {
      const again = await t.app.inject({ method: 'POST', url, headers, payload: { title: 'Fundi' } });
      expect(again.statusCode, url).toBe(201);
      expect(again.headers['idempotent-replayed'], url).toBe('true');
    }
    expect(await jobCount(poster.id)).toBe(1);
  });

  it('runs again without a key, and keys belong to one member', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    await postJob(a.auth, { title: 'Cook' });
    await postJob(a.auth, { title: 'Cook' });
    expect(await jobCount(a.id)).toBe(2);
    const key = { 'idempotency-key': 'same-key-two-members' };
    const ofA = await postJob({ ...a.auth, ...key }, { title: 'Nurse' });
    const ofB = await postJob({ ...b.auth, ...key }, { title: 'Nurse' });
    expect(ofB.statusCode).toBe(201);
    expect(ofB.headers['idempotent-replayed']).toBeUndefined();
    expect(ofB.json<{ id: number }>().id).not.toBe(ofA.json<{ id: number }>().id);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for the same key with a different body or path', async () => {
    const poster = await makeUser(t);
    const headers = { ...poster.auth, 'idempotency-key': 'reused-key' };
    expect((await postJob(headers, { title: 'Guard' })).statusCode).toBe(201);
    const other = await postJob(headers, { title: 'Gardener' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/bids',
      headers,
      payload: { title: 'Guard' },
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(await jobCount(poster.id)).toBe(1);
  });

  it('never creates two rows for concurrent repeats: the others answer 409 or the same answer', async () => {
    const poster = await makeUser(t);
    const headers = { ...poster.auth, 'idempotency-key': 'double-click' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => postJob(headers, { title: 'Chef' })));
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    const ids = new Set(created.map((r) => r.json<{ id: number }>().id));
    expect(ids.size).toBe(1);
    for (const r of answers.filter((a) => a.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
    }
    expect(await jobCount(poster.id)).toBe(1);
  });

  it('answers 400 for a key that is empty, too long or not printable', async () => {
    const poster = await makeUser(t);
    for (const key of ['', 'x'.repeat(129), 'tab\there', 'ünïcode']) {
      const res = await postJob({ ...poster.auth, 'idempotency-key': key }, { title: 'Cook' });
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(
      (await postJob({ ...poster.auth, 'idempotency-key': 'x'.repeat(128) }, { title: 'Cook' })).statusCode,
    ).toBe(201);
    expect(await jobCount(poster.id)).toBe(1);
  });

  it('does not store a failure to retry: a 401 keeps the key free', async () => {
    const poster = await makeUser(t);
    await t.db
      .updateTable('session_families')
      .set({ revoked_at: new Date() })
      .where('id', '=', poster.sessionId)
      .execute();
    const res = await postJob({ ...poster.auth, 'idempotency-key': 'after-logout' }, { title: 'Cook' });
    expect(res.statusCode).toBe(401);
    const rows = await t.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', poster.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('stores a 4xx the route decided, and replays it', async () => {
    const poster = await makeUser(t);
    const headers = { ...poster.auth, 'idempotency-key': 'unknown-job' };
    const url = '/api/jobs/999999/apply';
    const first = await t.app.inject({ method: 'POST', url, headers, payload: {} });
    const again = await t.app.inject({ method: 'POST', url, headers, payload: {} });
    expect(first.statusCode).toBe(404);
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('replays a multipart upload by its size: one post for a repeated picture post', async () => {
    const author = await makeUser(t);
    const body = await multipart(
      { content: 'Sunset over Lake Naivasha' },
      { field: 'image', filename: 'lake.jpg', data: await makeJpeg(400, 300), type: 'image/jpeg' },
    );
    const headers = { ...author.auth, ...body.headers, 'idempotency-key': 'picture-post' };
    const first = await t.app.inject({ method: 'POST', url: '/api/posts', headers, payload: body.payload });
    const again = await t.app.inject({ method: 'POST', url: '/api/posts', headers, payload: body.payload });
    expect(first.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const posts = await t.db.selectFrom('posts').select('id').where('user_id', '=', author.id).execute();
    expect(posts).toHaveLength(1);
  });

  it('forgets keys after 24 hours: an old key runs again', async () => {
    const poster = await makeUser(t);
    const headers = { ...poster.auth, 'idempotency-key': 'yesterday' };
    await postJob(headers, { title: 'Tailor' });
    await sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE user_id = ${poster.id}`.execute(
      t.db,
    );
    const again = await postJob(headers, { title: 'Tailor' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await jobCount(poster.id)).toBe(2);
  });

  // A process killed (SIGKILL, OOM, power) between claiming a key and storing its answer leaves the
  // claim behind; these rows are what it leaves.
  describe('a claim its process left behind', () => {
    const leftover = async (userId: number, key: string, payload: object, opts: { leaseOver: boolean }) => {
      const bodyHash = createHash('sha256')
        .update(`json:${JSON.stringify(payload)}`)
        .digest('hex');
      await t.db
        .insertInto('idempotency_keys')
        .values({
          user_id: userId,
          key,
          request: 'POST /api/jobs',
          body_hash: bodyHash,
          claimed_until: opts.leaseOver
            ? sql<Date>`now() - interval '1 second'`
            : sql<Date>`now() + interval '1 hour'`,
        })
        .execute();
    };

    it('answers 409 IDEMPOTENCY_KEY_IN_USE while its lease is alive (its request may still be running)', async () => {
      const poster = await makeUser(t);
      await leftover(poster.id, 'still-running', { title: 'Mason' }, { leaseOver: false });
      const res = await postJob({ ...poster.auth, 'idempotency-key': 'still-running' }, { title: 'Mason' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
      expect(await jobCount(poster.id)).toBe(0);
    });

    it('runs once when its lease is over and its write never committed: the key is taken over', async () => {
      const poster = await makeUser(t);
      await leftover(poster.id, 'died-before-write', { title: 'Welder' }, { leaseOver: true });
      const headers = { ...poster.auth, 'idempotency-key': 'died-before-write' };
      const first = await postJob(headers, { title: 'Welder' });
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await postJob(headers, { title: 'Welder' });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await jobCount(poster.id)).toBe(1);
      expect(await claimOf(t, poster.id, 'died-before-write')).toMatchObject({ attempt: 2, status: 201 });
    });

    it('answers 409 IDEMPOTENCY_ANSWER_LOST, and never runs again, when its write committed but its answer was never stored', async () => {
      const poster = await makeUser(t);
      const headers = { ...poster.auth, 'idempotency-key': 'died-after-write' };
      expect((await postJob(headers, { title: 'Plumber' })).statusCode).toBe(201);
      // The write stamped its commit in its own transaction.
      expect((await claimOf(t, poster.id, 'died-after-write'))?.committed_at).toBeInstanceOf(Date);
      // What a process killed after the commit and before storing the answer leaves, lease over.
      await t.db
        .updateTable('idempotency_keys')
        .set({ status: null, response_body: null, response_headers: null, claimed_until: sql<Date>`now()` })
        .where('user_id', '=', poster.id)
        .execute();
      for (const _ of [1, 2]) {
        const res = await postJob(headers, { title: 'Plumber' });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_ANSWER_LOST' });
      }
      expect(await jobCount(poster.id)).toBe(1);
    });

    it('leaves no write to a request whose key was taken over while it ran (its lease had run out)', async () => {
      const author = await makeUser(t);
      const held = await heldPost(t, author.auth, 'taken-over', 'Written by the first attempt');
      await vi.waitFor(async () => expect(await claimOf(t, author.id, 'taken-over')).toBeDefined(), {
        timeout: 30_000,
        interval: 20,
      });
      // A resend took the key over: the first attempt no longer holds it.
      await t.db
        .updateTable('idempotency_keys')
        .set({ attempt: sql<number>`attempt + 1` })
        .where('user_id', '=', author.id)
        .execute();
      held.finish();
      const res = await held.answer;
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
      const posts = await t.db.selectFrom('posts').select('id').where('user_id', '=', author.id).execute();
      expect(posts).toEqual([]);
    });
  });

  it('ignores the key of an anonymous POST (its answers carry sessions) but still checks its form', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'idempotency-key': '' },
      payload: { username: '@nobody', password: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    const before = await t.db
      .selectFrom('idempotency_keys')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'idempotency-key': 'anon-login' },
      payload: { username: '@nobody', password: 'Wrong-Pass-2024!' },
    });
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    const after = await t.db
      .selectFrom('idempotency_keys')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

// A request that runs longer than the lease (a slow upload) renews its claim, so no resend takes it.
describe('Idempotency-Key lease of a long request', () => {
  const t = useTestApp({ env: { IDEMPOTENCY_LEASE_SECONDS: '3' } });

  it('renews the claim while the request runs: a resend past the first lease still answers 409 IN_USE', async () => {
    const author = await makeUser(t);
    const held = await heldPost(t, author.auth, 'slow-upload', 'A slow upload');
    let firstLeaseEnd = new Date(0);
    await vi.waitFor(
      async () => {
        const claim = await claimOf(t, author.id, 'slow-upload');
        expect(claim).toBeDefined();
        firstLeaseEnd = claim!.claimed_until;
      },
      { timeout: 30_000, interval: 20 },
    );
    // Wait until the first lease is over by the database's clock, with the claim still alive.
    await vi.waitFor(
      async () => {
        const { passed } = await sql<{ passed: boolean }>`SELECT now() > ${firstLeaseEnd} AS passed`
          .execute(t.db)
          .then((r) => r.rows[0]!);
        expect(passed).toBe(true);
      },
      { timeout: 60_000, interval: 200 },
    );
    const claim = await claimOf(t, author.id, 'slow-upload');
    expect(claim).toMatchObject({ alive: true, attempt: 1 });
    const resend = await held.resend();
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
    held.finish();
    const first = await held.answer;
    expect(first.statusCode).toBe(201);
    const again = await held.resend();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const posts = await t.db.selectFrom('posts').select('id').where('user_id', '=', author.id).execute();
    expect(posts).toHaveLength(1);
  });
});
