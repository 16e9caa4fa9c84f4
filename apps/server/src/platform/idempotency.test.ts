import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';
import { makeJpeg, makeUser, multipart } from '../test/factories';

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
