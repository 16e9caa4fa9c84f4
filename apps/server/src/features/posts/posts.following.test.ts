import type { PostDto } from '@jamii/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { makePost, makeUser } from '../../test/factories';

type Member = Awaited<ReturnType<typeof makeUser>>;

describe('the following feed (GET /api/posts?feed=following, docs/design.md#conversation-around-posts)', () => {
  const t = useTestApp();

  const feed = (who: Member | null, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/posts?feed=following${query}`, headers: who?.auth ?? {} });
  const follow = (who: Member, other: Member) =>
    t.app.inject({ method: 'POST', url: `/api/users/${other.username}/follow`, headers: who.auth });
  const ids = (res: { json: () => unknown }) => (res.json() as PostDto[]).map((p) => p.id);
  /** Every post id of my following feed, two a page, following X-Next-Cursor to the end. */
  const allPages = async (me: Member) => {
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const res = await feed(me, `&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...ids(res));
      cursor = res.headers['x-next-cursor'] as string | undefined;
    } while (cursor);
    return seen;
  };

  it('holds the posts of the people I follow and my own, newest first, and nobody else’s', async () => {
    const me = await makeUser(t);
    const [followed, alsoFollowed, stranger] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    await follow(me, followed);
    await follow(me, alsoFollowed);
    // Following me does not put their posts in my feed.
    await follow(stranger, me);
    const p1 = await makePost(t, followed, { minutesAgo: 50 });
    const p2 = await makePost(t, me, { minutesAgo: 40 });
    await makePost(t, stranger, { minutesAgo: 30 });
    const p4 = await makePost(t, alsoFollowed, { minutesAgo: 20 });
    const p5 = await makePost(t, followed, { minutesAgo: 10 });

    const res = await feed(me);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([p5.id, p4.id, p2.id, p1.id]);
    // The all feed still has everyone.
    const all = await t.app.inject({ method: 'GET', url: '/api/posts?feed=all&limit=50', headers: me.auth });
    expect(ids(all)).toHaveLength(5);

    // Unfollowing takes their posts out.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${alsoFollowed.username}/follow`,
      headers: me.auth,
    });
    expect(ids(await feed(me))).toEqual([p5.id, p2.id, p1.id]);
  });

  it('pages with X-Next-Cursor like the rest', async () => {
    const me = await makeUser(t);
    const followed = await makeUser(t);
    await follow(me, followed);
    const made = [];
    for (let i = 5; i > 0; i--) made.push((await makePost(t, i % 2 ? followed : me, { minutesAgo: i })).id);
    const expected = [...made].reverse();
    expect(await allPages(me)).toEqual(expected);
  });

  it('is empty for a member who follows nobody and has not posted', async () => {
    const me = await makeUser(t);
    await makePost(t, await makeUser(t));
    const res = await feed(me);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('leaves out hidden posts and a blocked pair, like the all feed', async () => {
    const me = await makeUser(t);
    const followed = await makeUser(t);
    await follow(me, followed);
    const hidden = await makePost(t, followed, { minutesAgo: 2 });
    const shown = await makePost(t, followed, { minutesAgo: 1 });
    await t.db.updateTable('posts').set({ moderation: 'hidden' }).where('id', '=', hidden.id).execute();
    expect(ids(await feed(me))).toEqual([shown.id]);
    await t.app.inject({ method: 'POST', url: `/api/users/${followed.username}/block`, headers: me.auth });
    expect(ids(await feed(me))).toEqual([]);
  });

  it('pages past an author whose newest posts are hidden without skipping anyone’s visible posts', async () => {
    // Each author contributes at most a page of candidates (docs/web-performance.md): hidden posts must not use up
    // an author's share, or older posts of another author would come first.
    const me = await makeUser(t);
    const [busy, quiet] = [await makeUser(t), await makeUser(t)];
    await follow(me, busy);
    await follow(me, quiet);
    const expected: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const hidden = await makePost(t, busy, { minutesAgo: i });
      await t.db.updateTable('posts').set({ moderation: 'hidden' }).where('id', '=', hidden.id).execute();
    }
    for (let i = 5; i <= 9; i++)
      expected.push((await makePost(t, i % 2 ? busy : quiet, { minutesAgo: i })).id);
    expect(await allPages(me)).toEqual(expected);
  });

  it('asks a visitor to log in (401) and refuses an unknown feed (400)', async () => {
    const visitor = await feed(null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('UNAUTHORIZED');
    const me = await makeUser(t);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/posts?feed=friends', headers: me.auth });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('VALIDATION_FAILED');
  });
});
