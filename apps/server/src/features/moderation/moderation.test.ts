import { SOCKET_PATH, type ServerToClientEvents } from '@jamii/shared';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeJob, makePost, makeUser, notificationsOf, TEST_PASSWORD } from '../../test/factories';
import { postWithRefreshCookie, refreshCookieOf } from '../../test/session-cookie';
import { testDatabaseKind } from '../../test/test-database';

type ClientSocket = Socket<ServerToClientEvents, Record<string, never>>;

describe(`reports and moderation (docs/design.md#trust-and-safety) on ${testDatabaseKind()}`, () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());
  const sockets: ClientSocket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url: path, headers, ...(payload ? { payload } : {}) });
  const report = (auth: Record<string, string>, body: object) => call('POST', '/api/reports', auth, body);
  const notes = async (userId: number) => (await notificationsOf(t, userId)).map((n) => n.message);
  const auditActions = async () =>
    await t.db.selectFrom('audit_log').select(['action', 'target_type', 'target_id']).orderBy('id').execute();
  const postModeration = async (postId: number) =>
    (await t.db.selectFrom('posts').select('moderation').where('id', '=', postId).executeTakeFirstOrThrow())
      .moderation;
  const resolve = (admin: { auth: Record<string, string> }, reportId: number, body: object) =>
    call('POST', `/api/admin/reports/${reportId}/resolve`, admin.auth, body);
  /** An admin, an author and a reporter, and the reporter's open report (`r`) of the author's new post or job. */
  const reported = async <T extends { id: number }>(
    targetType: 'post' | 'job',
    reason: string,
    make: (author: { id: number }) => Promise<T>,
  ) => {
    const admin = await makeUser(t, { role: 'admin' });
    const [author, reporter] = [await makeUser(t), await makeUser(t)];
    const target = await make(author);
    const r = (await report(reporter.auth, { target_type: targetType, target_id: target.id, reason })).json();
    return { admin, author, reporter, target, r };
  };
  const logIn = (username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: TEST_PASSWORD, rememberMe: false },
    });

  it('files a report (201), refuses the same one again (409), unknown or unseen targets (404), bad input (400), visitors (401)', async () => {
    const [author, reporter] = [await makeUser(t), await makeUser(t)];
    const post = await makePost(t, author, { content: 'Pay 500 bob registration to get this job' });
    const created = await report(reporter.auth, {
      target_type: 'post',
      target_id: post.id,
      reason: 'scam',
      note: 'Asks for a fee',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      target_type: 'post',
      target_id: post.id,
      reason: 'scam',
      note: 'Asks for a fee',
      status: 'open',
      created_at: expect.any(String),
    });
    const again = await report(reporter.auth, { target_type: 'post', target_id: post.id, reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'ALREADY_REPORTED', message: 'You already reported this' });

    expect(
      (await report(reporter.auth, { target_type: 'post', target_id: 999999, reason: 'spam' })).statusCode,
    ).toBe(404);
    expect(
      (await report(reporter.auth, { target_type: 'comment', target_id: 1, reason: 'spam' })).statusCode,
    ).toBe(404);
    const hidden = await makePost(t, author);
    await t.db.updateTable('posts').set({ moderation: 'hidden' }).where('id', '=', hidden.id).execute();
    expect(
      (await report(reporter.auth, { target_type: 'post', target_id: hidden.id, reason: 'spam' })).statusCode,
    ).toBe(404);

    const bad = await report(reporter.auth, { target_type: 'post', target_id: post.id, reason: 'boring' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect(bad.json().errors).toHaveProperty('reason');
    expect(
      (await report(reporter.auth, { target_type: 'planet', target_id: 1, reason: 'spam' })).statusCode,
    ).toBe(400);
    expect(
      (
        await report(reporter.auth, {
          target_type: 'post',
          target_id: post.id,
          reason: 'spam',
          note: 'x'.repeat(501),
        })
      ).statusCode,
    ).toBe(400);
    expect((await report({}, { target_type: 'post', target_id: post.id, reason: 'spam' })).statusCode).toBe(
      401,
    );

    // A member can be reported too.
    expect(
      (await report(reporter.auth, { target_type: 'user', target_id: author.id, reason: 'fake' })).statusCode,
    ).toBe(201);
  });

  it('lets only admins read and act on the queue: visitors 401, members 403', async () => {
    const member = await makeUser(t);
    for (const [method, path, body] of [
      ['GET', '/api/admin/reports', undefined],
      ['POST', '/api/admin/reports/1/resolve', { action: 'dismiss' }],
      ['GET', '/api/admin/audit', undefined],
      ['GET', '/api/admin/users', undefined],
      ['GET', '/api/admin/held', undefined],
      ['POST', `/api/admin/users/${member.username}/suspend`, { reason: 'x' }],
      ['POST', `/api/admin/users/${member.username}/restore`, undefined],
      ['PUT', `/api/admin/users/${member.username}/role`, { role: 'admin' }],
      ['POST', '/api/admin/held/post/1/approve', undefined],
      ['POST', '/api/admin/held/post/1/reject', undefined],
    ] as const) {
      expect((await call(method, path, {}, body)).statusCode, `${method} ${path} visitor`).toBe(401);
      expect((await call(method, path, member.auth, body)).statusCode, `${method} ${path} member`).toBe(403);
    }
  });

  it('groups open reports by target with counts, reasons, preview and author, keyset-paged', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    // Earlier tests' reports are closed first, so the queue holds only this test's.
    await t.db.updateTable('reports').set({ status: 'dismissed' }).execute();
    const author = await makeUser(t, { name: 'Otieno Scammer' });
    const [a, b, c] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    const post = await makePost(t, author, { content: 'Send 1000 to till 123456 for the interview' });
    const job = await makeJob(t, author);
    await report(a.auth, { target_type: 'post', target_id: post.id, reason: 'scam', note: 'till number' });
    await report(b.auth, { target_type: 'post', target_id: post.id, reason: 'spam' });
    await report(c.auth, { target_type: 'job', target_id: job.id, reason: 'fake' });
    await report(a.auth, { target_type: 'post', target_id: post.id, reason: 'scam' }); // 409, not counted

    const first = await call('GET', '/api/admin/reports?limit=1', admin.auth);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([
      expect.objectContaining({ target_type: 'job', target_id: job.id, count: 1, reasons: ['fake'] }),
    ]);
    const cursor = String(first.headers['x-next-cursor']);
    const second = await call('GET', `/api/admin/reports?limit=1&cursor=${cursor}`, admin.auth);
    expect(second.json()).toEqual([
      {
        id: expect.any(Number),
        target_type: 'post',
        target_id: post.id,
        preview: 'Send 1000 to till 123456 for the interview',
        author: { id: author.id, username: author.username, name: 'Otieno Scammer' },
        moderation: 'visible',
        count: 2,
        reasons: ['scam', 'spam'],
        notes: ['till number'],
        first_reported_at: expect.any(String),
        last_reported_at: expect.any(String),
      },
    ]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it('dismiss closes every open report on the target, tells each reporter, and is audited', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const author = await makeUser(t);
    const [a, b] = [await makeUser(t), await makeUser(t)];
    const post = await makePost(t, author);
    const r1 = (await report(a.auth, { target_type: 'post', target_id: post.id, reason: 'spam' })).json();
    await report(b.auth, { target_type: 'post', target_id: post.id, reason: 'hate' });
    const res = await resolve(admin, r1.id, {
      action: 'dismiss',
      note: 'fine',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ action: 'dismiss', target_type: 'post', target_id: post.id, resolved: 2 });
    const queue = (await call('GET', '/api/admin/reports?limit=50', admin.auth)).json() as {
      target_id: number;
    }[];
    expect(queue.map((g) => g.target_id)).not.toContain(post.id);
    for (const reporter of [a, b])
      expect(await notes(reporter.id)).toContain(
        'Thanks for your report of a post. Our moderators reviewed it and took no action.',
      );
    expect(await postModeration(post.id)).toBe('visible');
    expect(await auditActions()).toContainEqual({
      action: 'report_dismiss',
      target_type: 'post',
      target_id: post.id,
    });
    // Resolved already: 404; unknown: 404; bad action: 400.
    expect((await resolve(admin, r1.id, { action: 'dismiss' })).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/admin/reports/999999/resolve', admin.auth, { action: 'dismiss' })).statusCode,
    ).toBe(404);
    expect((await resolve(admin, r1.id, { action: 'burn' })).statusCode).toBe(400);
  });

  it('hide sets moderation hidden; the author keeps it, the reporter is told', async () => {
    const {
      admin,
      author,
      reporter,
      target: post,
      r,
    } = await reported('post', 'harassment', (author) => makePost(t, author));
    const res = await resolve(admin, r.id, { action: 'hide' });
    expect(res.json()).toEqual({ action: 'hide', target_type: 'post', target_id: post.id, resolved: 1 });
    expect(await postModeration(post.id)).toBe('hidden');
    expect(await notes(reporter.id)).toContain(
      'Thanks for your report of a post. Our moderators reviewed it and hid the post.',
    );
    expect(await notes(author.id)).toContain('Moderators hid your post after reports.');
    expect(await auditActions()).toContainEqual({
      action: 'report_hide',
      target_type: 'post',
      target_id: post.id,
    });
  });

  it('remove deletes the item as its owner’s delete does', async () => {
    const { admin, reporter, target: job, r } = await reported('job', 'scam', (author) => makeJob(t, author));
    const res = await resolve(admin, r.id, {
      action: 'remove',
      note: 'fee scam',
    });
    expect(res.statusCode).toBe(200);
    expect(
      await t.db.selectFrom('jobs').select('id').where('id', '=', job.id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await call('GET', `/api/jobs/${job.id}`, reporter.auth)).statusCode).toBe(404);
    expect(await notes(reporter.id)).toContain(
      'Thanks for your report of a job. Our moderators reviewed it and removed the job.',
    );
    const audit = (await call('GET', '/api/admin/audit?limit=1', admin.auth)).json();
    expect(audit).toEqual([
      {
        id: expect.any(Number),
        admin: { id: admin.id, username: admin.username },
        action: 'report_remove',
        target_type: 'job',
        target_id: job.id,
        target_label: job.title,
        note: 'fee scam',
        created_at: expect.any(String),
      },
    ]);
  });

  it('suspend_author hides the item and suspends its author: tokens, refresh and sockets end; login answers 403 with the reason', async () => {
    const {
      admin,
      author,
      reporter,
      target: post,
      r,
    } = await reported('post', 'scam', (author) => makePost(t, author));
    const login = await logIn(author.username);
    expect(login.statusCode).toBe(200);
    const cookie = refreshCookieOf(login)!.value;
    const socket: ClientSocket = connectSocket(url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      auth: { token: login.json().token },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const res = await resolve(admin, r.id, {
      action: 'suspend_author',
      note: 'Repeated fee scams',
    });
    expect(res.statusCode).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
    expect(await postModeration(post.id)).toBe('hidden');
    expect((await call('GET', '/api/me', author.auth)).statusCode).toBe(401);
    expect((await call('GET', '/api/me', { authorization: `Bearer ${login.json().token}` })).statusCode).toBe(
      401,
    );
    const refreshed = await postWithRefreshCookie(t, '/api/refresh', cookie);
    expect(refreshed.statusCode).toBeGreaterThanOrEqual(401);
    expect(refreshed.statusCode).toBeLessThanOrEqual(403);
    const again = await logIn(author.username);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({
      code: 'ACCOUNT_SUSPENDED',
      message: 'Your account is suspended: Repeated fee scams',
    });
    // A wrong password still says only that the password is wrong.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: author.username, password: 'nope-nope-1A!', rememberMe: false },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await notes(reporter.id)).toContain(
      'Thanks for your report of a post. Our moderators reviewed it and hid the post and suspended its author.',
    );
    expect(await auditActions()).toContainEqual({
      action: 'report_suspend_author',
      target_type: 'post',
      target_id: post.id,
    });
  });

  it('suspends and restores members by username; never oneself; unknown 404; reason required', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const member = await makeUser(t);
    const suspended = await call('POST', `/api/admin/users/${member.username}/suspend`, admin.auth, {
      reason: 'Spam links',
    });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({
      id: member.id,
      username: member.username,
      suspended_reason: 'Spam links',
    });
    expect(suspended.json().suspended_at).toEqual(expect.any(String));
    expect((await call('GET', '/api/me', member.auth)).statusCode).toBe(401);
    expect((await logIn(member.username)).json().code).toBe('ACCOUNT_SUSPENDED');

    const restored = await call('POST', `/api/admin/users/${member.username.slice(1)}/restore`, admin.auth);
    expect(restored.json()).toMatchObject({ suspended_at: null, suspended_reason: null });
    expect((await logIn(member.username)).statusCode).toBe(200);

    const self = await call('POST', `/api/admin/users/${admin.username}/suspend`, admin.auth, {
      reason: 'x',
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('CANNOT_MODERATE_SELF');
    expect(
      (await call('POST', '/api/admin/users/@nobody_here/suspend', admin.auth, { reason: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/admin/users/${member.username}/suspend`, admin.auth, { reason: '  ' }))
        .statusCode,
    ).toBe(400);
    const actions = await auditActions();
    expect(actions).toContainEqual({ action: 'suspend', target_type: 'user', target_id: member.id });
    expect(actions).toContainEqual({ action: 'restore', target_type: 'user', target_id: member.id });
  });

  it('grants and revokes admin, never one’s own role, and searches members', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const member = await makeUser(t, { name: 'Akinyi Wambui Searchable' });
    const granted = await call('PUT', `/api/admin/users/${member.username}/role`, admin.auth, {
      role: 'admin',
    });
    expect(granted.json()).toMatchObject({ username: member.username, role: 'admin' });
    expect((await call('GET', '/api/admin/audit', member.auth)).statusCode).toBe(200);
    const revoked = await call('PUT', `/api/admin/users/${member.username}/role`, admin.auth, {
      role: 'member',
    });
    expect(revoked.json().role).toBe('member');
    expect((await call('GET', '/api/admin/audit', member.auth)).statusCode).toBe(403);
    const self = await call('PUT', `/api/admin/users/${admin.username}/role`, admin.auth, { role: 'member' });
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('CANNOT_MODERATE_SELF');
    expect(
      (await call('PUT', `/api/admin/users/${member.username}/role`, admin.auth, { role: 'king' }))
        .statusCode,
    ).toBe(400);
    const actions = await auditActions();
    expect(actions).toContainEqual({ action: 'grant_admin', target_type: 'user', target_id: member.id });
    expect(actions).toContainEqual({ action: 'revoke_admin', target_type: 'user', target_id: member.id });

    const found = await call('GET', '/api/admin/users?search=wambui%20search', admin.auth);
    expect(found.json()).toEqual([
      {
        id: member.id,
        username: member.username,
        name: 'Akinyi Wambui Searchable',
        email: member.email,
        role: 'member',
        suspended_at: null,
        suspended_reason: null,
        created_at: expect.any(String),
      },
    ]);
    expect((await call('GET', '/api/admin/users?search=100%25', admin.auth)).json()).toEqual([]);
  });

  it('lists held items and approves or rejects them, telling the author', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const author = await makeUser(t);
    const [held1, held2, visible] = [
      await makePost(t, author),
      await makePost(t, author),
      await makePost(t, author),
    ];
    await t.db
      .updateTable('posts')
      .set({ moderation: 'held', risk_level: 'high', risk_reasons: ['upfront_fee'] })
      .where('id', 'in', [held1.id, held2.id])
      .execute();
    const list = (await call('GET', '/api/admin/held?limit=50', admin.auth)).json() as {
      type: string;
      id: number;
    }[];
    expect(list.filter((h) => h.type === 'post').map((h) => h.id)).toEqual(
      expect.arrayContaining([held1.id, held2.id]),
    );
    expect(list.find((h) => h.id === held1.id && h.type === 'post')).toMatchObject({
      author: { id: author.id, username: author.username },
      risk_level: 'high',
      risk_reasons: ['upfront_fee'],
    });
    const approved = await call('POST', `/api/admin/held/post/${held1.id}/approve`, admin.auth);
    expect(approved.json()).toEqual({ type: 'post', id: held1.id, moderation: 'visible' });
    const rejected = await call('POST', `/api/admin/held/post/${held2.id}/reject`, admin.auth);
    expect(rejected.json()).toEqual({ type: 'post', id: held2.id, moderation: 'hidden' });
    expect((await call('POST', `/api/admin/held/post/${visible.id}/approve`, admin.auth)).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/api/admin/held/post/${held1.id}/approve`, admin.auth)).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/held/planet/1/approve', admin.auth)).statusCode).toBe(400);
    const told = await notes(author.id);
    expect(told).toContain('A moderator approved your post: everyone can see it now.');
    expect(told).toContain('A moderator rejected your post: it stays hidden because it looks like a scam.');
    const actions = await auditActions();
    expect(actions).toContainEqual({ action: 'held_approve', target_type: 'post', target_id: held1.id });
    expect(actions).toContainEqual({ action: 'held_reject', target_type: 'post', target_id: held2.id });
  });

  it('commits an admin action with its audit row: one whose row cannot be written does not happen', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const [member, poster] = [await makeUser(t), await makeUser(t)];
    const job = await makeJob(t, poster);
    // This admin's audit rows cannot be written: each action fails after its change.
    await sql`alter table audit_log add constraint refuse_admin check (admin_id <> ${sql.lit(admin.id)}) not valid`.execute(
      t.db,
    );
    try {
      const suspend = await call('POST', `/api/admin/users/${member.username.slice(1)}/suspend`, admin.auth, {
        reason: 'Spam',
      });
      expect(suspend.statusCode).toBe(500);
      expect((await call('DELETE', `/api/jobs/${job.id}`, admin.auth)).statusCode).toBe(500);
      const role = await call('PUT', `/api/admin/users/${member.username.slice(1)}/role`, admin.auth, {
        role: 'admin',
      });
      expect(role.statusCode).toBe(500);
    } finally {
      await sql`alter table audit_log drop constraint refuse_admin`.execute(t.db);
    }
    const stored = await t.db
      .selectFrom('users')
      .select(['suspended_at', 'role'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ suspended_at: null, role: 'member' });
    expect(await t.db.selectFrom('jobs').select('id').where('id', '=', job.id).execute()).toHaveLength(1);
  });

  it('audits an admin’s deletion of someone else’s job in Manage Jobs, not a poster deleting their own', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const poster = await makeUser(t);
    const [job, own] = [await makeJob(t, poster), await makeJob(t, poster)];
    expect((await call('DELETE', `/api/jobs/${job.id}`, admin.auth)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/jobs/${own.id}`, poster.auth)).statusCode).toBe(204);
    const actions = await auditActions();
    expect(actions).toContainEqual({ action: 'job_delete', target_type: 'job', target_id: job.id });
    expect(actions).not.toContainEqual({ action: 'job_delete', target_type: 'job', target_id: own.id });
  });
});
