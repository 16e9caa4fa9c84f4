import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { makeBid, makeJob, makeUser } from '../../test/factories';
import { isBlockedEitherWay } from './blocks.service';

describe('blocks (docs/design.md#trust-and-safety)', () => {
  const t = useTestApp();

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const block = (auth: Record<string, string>, username: string, method: 'POST' | 'DELETE' = 'POST') =>
    call(method, `/api/users/${encodeURIComponent(username)}/block`, auth);

  it('blocks and unblocks idempotently, and lists my blocks newest first with what the list shows', async () => {
    const me = await makeUser(t);
    const [x, y] = [await makeUser(t, { name: 'Wanjiru Kamau' }), await makeUser(t)];
    const first = await block(me.auth, x.username);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ blocked: true, username: x.username });
    expect((await block(me.auth, x.username.slice(1))).json()).toEqual({
      blocked: true,
      username: x.username,
    });
    await block(me.auth, y.username);

    const page1 = await call('GET', '/api/blocks?limit=1', me.auth);
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toEqual([
      { id: y.id, username: y.username, name: y.name, profile_pic: null, blocked_at: expect.any(String) },
    ]);
    const cursor = page1.headers['x-next-cursor'];
    expect(cursor).toBeTruthy();
    const page2 = await call('GET', `/api/blocks?limit=1&cursor=${String(cursor)}`, me.auth);
    expect(page2.json()).toEqual([
      {
        id: x.id,
        username: x.username,
        name: 'Wanjiru Kamau',
        profile_pic: null,
        blocked_at: expect.any(String),
      },
    ]);
    expect(page2.headers['x-next-cursor']).toBeUndefined();

    expect((await block(me.auth, x.username, 'DELETE')).json()).toEqual({
      blocked: false,
      username: x.username,
    });
    expect((await block(me.auth, x.username, 'DELETE')).statusCode).toBe(200);
    expect((await call('GET', '/api/blocks', me.auth)).json().map((m: { id: number }) => m.id)).toEqual([
      y.id,
    ]);
    // Someone else's blocks are not in my list.
    expect((await call('GET', '/api/blocks', x.auth)).json()).toEqual([]);
  });

  it('refuses blocking oneself (400), an unknown member (404) and a visitor (401)', async () => {
    const me = await makeUser(t);
    const self = await block(me.auth, me.username);
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('CANNOT_BLOCK_SELF');
    expect((await block(me.auth, '@nobody_at_all')).statusCode).toBe(404);
    expect((await block(me.auth, '@nobody_at_all', 'DELETE')).statusCode).toBe(404);
    expect((await block({}, me.username)).statusCode).toBe(401);
    expect((await call('GET', '/api/blocks', {})).statusCode).toBe(401);
  });

  it('ends follows both ways', async () => {
    const [a, b] = [await makeUser(t), await makeUser(t)];
    await call('POST', `/api/users/${b.username}/follow`, a.auth);
    await call('POST', `/api/users/${a.username}/follow`, b.auth);
    await block(a.auth, b.username);
    const follows = await t.db
      .selectFrom('follows')
      .selectAll()
      .where('follower_id', 'in', [a.id, b.id])
      .where('followee_id', 'in', [a.id, b.id])
      .execute();
    expect(follows).toEqual([]);
    expect(await isBlockedEitherWay(t.db, a.id, b.id)).toBe(true);
    expect(await isBlockedEitherWay(t.db, b.id, a.id)).toBe(true);
  });

  it('a blocked member cannot reach the blocker, nor the blocker them: follow, offer, apply (403 BLOCKED)', async () => {
    const [blocker, blocked] = [await makeUser(t), await makeUser(t)];
    await block(blocker.auth, blocked.username);
    const blockerJob = await makeJob(t, blocker);
    const blockedJob = await makeJob(t, blocked);
    const blockerBid = await makeBid(t, blocker);
    const blockedBid = await makeBid(t, blocked);

    for (const [from, to, job, bid] of [
      [blocked, blocker, blockerJob, blockerBid],
      [blocker, blocked, blockedJob, blockedBid],
    ] as const) {
      const answers = [
        await call('POST', `/api/users/${to.username}/follow`, from.auth),
        await call('POST', `/api/jobs/${job.id}/apply`, from.auth, { message: 'Hello' }),
        await call('POST', '/api/bids/offer', from.auth, {
          bid_id: bid.id,
          offer_price: 100,
          message: 'I can do it',
        }),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'BLOCKED' });
      }
    }
    // Nothing reached the other side: no follow, application, offer or notification.
    const notes = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', 'in', [blocker.id, blocked.id])
      .execute();
    expect(notes).toEqual([]);
    const offers = await t.db
      .selectFrom('offers')
      .select('id')
      .where('bid_id', 'in', [blockerBid.id, blockedBid.id])
      .execute();
    expect(offers).toEqual([]);

    // After unblocking, they can reach each other again.
    await block(blocker.auth, blocked.username, 'DELETE');
    expect((await call('POST', `/api/users/${blocker.username}/follow`, blocked.auth)).statusCode).toBe(200);
    expect(
      (await call('POST', `/api/jobs/${blockerJob.id}/apply`, blocked.auth, { message: 'Hello' })).statusCode,
    ).toBe(201);
  });

  it('a third member is not affected by a block between two others', async () => {
    const [a, b, c] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    await block(a.auth, b.username);
    expect((await call('POST', `/api/users/${a.username}/follow`, c.auth)).statusCode).toBe(200);
    expect(await isBlockedEitherWay(t.db, a.id, c.id)).toBe(false);
  });
});
