import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { makePost, makeUser, notificationsOf, storedNotifications } from '../../test/factories';

describe('follows and suggestions', () => {
  const t = useTestApp();

  const follow = (auth: Record<string, string>, username: string, method: 'POST' | 'DELETE' = 'POST') =>
    t.app.inject({ method, url: `/api/users/${encodeURIComponent(username)}/follow`, headers: auth });

  it('follows idempotently, notifies once, and shows the counts on the profile', async () => {
    const a = await makeUser(t, { name: 'Amani Otieno' });
    const b = await makeUser(t);
    const first = await follow(a.auth, b.username);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ following: true, followers_count: 1, following_count: 0 });
    expect((await follow(a.auth, b.username.slice(1))).json()).toEqual({
      following: true,
      followers_count: 1,
      following_count: 0,
    });
    const notes = await notificationsOf(t, b.id);
    expect(notes.map((n) => n.message)).toEqual([`Amani Otieno (${a.username}) started following you`]);

    const profile = await t.app.inject({ method: 'GET', url: `/api/users/${b.id}`, headers: a.auth });
    expect(profile.json()).toMatchObject({ followers_count: 1, following_count: 0, followed_by_me: true });
    const aProfile = await t.app.inject({ method: 'GET', url: `/api/users/${a.id}` });
    expect(aProfile.json()).toMatchObject({ followers_count: 0, following_count: 1, followed_by_me: false });

    const undo = await follow(a.auth, b.username, 'DELETE');
    expect(undo.json()).toEqual({ following: false, followers_count: 0, following_count: 0 });
    expect((await follow(a.auth, b.username, 'DELETE')).statusCode).toBe(200);
  });

  it('refuses following oneself (400), an unknown member (404) and a visitor (401)', async () => {
    const a = await makeUser(t);
    expect((await follow(a.auth, a.username)).json().code).toBe('CANNOT_FOLLOW_SELF');
    expect((await follow(a.auth, '@nobody_here')).statusCode).toBe(404);
    expect((await follow({}, a.username)).statusCode).toBe(401);
  });

  it('lists followers and following newest first with followed_by_me', async () => {
    const star = await makeUser(t);
    const fans = [await makeUser(t), await makeUser(t), await makeUser(t)];
    for (const f of fans) await follow(f.auth, star.username);
    await follow(star.auth, fans[0]!.username);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${star.username}/followers?limit=2`,
      headers: star.auth,
    });
    expect(res.json().map((p: { id: number }) => p.id)).toEqual([fans[2]!.id, fans[1]!.id]);
    const next = await t.app.inject({
      method: 'GET',
      url: `/api/users/${star.username}/followers?limit=2&cursor=${res.headers['x-next-cursor']}`,
      headers: star.auth,
    });
    expect(next.json()).toEqual([expect.objectContaining({ id: fans[0]!.id, followed_by_me: true })]);
    const following = await t.app.inject({ method: 'GET', url: `/api/users/${fans[0]!.username}/following` });
    expect(following.json().map((p: { id: number }) => p.id)).toEqual([star.id]);
    expect(res.body).not.toContain('email');
  });

  it('ranks suggestions by mutual follows, then shared location, never me or people I follow', async () => {
    const me = await makeUser(t, { location: 'Eldoret' });
    const friend1 = await makeUser(t, { location: 'Mombasa' });
    const friend2 = await makeUser(t, { location: 'Mombasa' });
    const twoMutual = await makeUser(t, { location: 'Kisumu' });
    const oneMutual = await makeUser(t, { location: 'Kisumu' });
    const neighbour = await makeUser(t, { location: 'eldoret' });
    await follow(me.auth, friend1.username);
    await follow(me.auth, friend2.username);
    await follow(friend1.auth, twoMutual.username);
    await follow(friend2.auth, twoMutual.username);
    await follow(friend1.auth, oneMutual.username);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/suggestions?username=${me.username}&limit=50`,
      headers: me.auth,
    });
    expect(res.statusCode).toBe(200);
    const people: { id: number; mutual_friends: number }[] = res.json();
    const ids = people.map((p) => p.id);
    expect(ids.slice(0, 3)).toEqual([twoMutual.id, oneMutual.id, neighbour.id]);
    expect(people[0]!.mutual_friends).toBe(2);
    expect(people[1]!.mutual_friends).toBe(1);
    expect(people[2]!.mutual_friends).toBe(0);
    expect(ids).not.toContain(me.id);
    expect(ids).not.toContain(friend1.id);
    expect(ids).not.toContain(friend2.id);
  });

  it('a search finds people I follow too, marked followed; suggestions without one still leave them out', async () => {
    const me = await makeUser(t);
    const followed = await makeUser(t, { name: 'Zuhura Followed' });
    const stranger = await makeUser(t, { name: 'Zuhura Stranger' });
    await follow(me.auth, followed.username);
    const search = async (query: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/users/suggestions?limit=50${query}`,
          headers: me.auth,
        })
      ).json() as { id: number; followed_by_me: boolean }[];

    const found = await search('&search=zuhura');
    expect(found.map((p) => [p.id, p.followed_by_me]).sort()).toEqual(
      [
        [followed.id, true],
        [stranger.id, false],
      ].sort(),
    );
    expect((await search('')).map((p) => p.id)).not.toContain(followed.id);
  });

  it('notifies once for a follow undone and redone within the hour; again, as a new one, after it', async () => {
    const a = await makeUser(t, { name: 'Pendo Kurudia' });
    const b = await makeUser(t);
    const notes = async () =>
      (await storedNotifications(t, b.id)).map(({ message, link, is_read }) => ({ message, link, is_read }));
    await follow(a.auth, b.username);
    await follow(a.auth, b.username, 'DELETE');
    await follow(a.auth, b.username);
    await follow(a.auth, b.username, 'DELETE');
    await follow(a.auth, b.username);
    expect(await notes()).toEqual([
      {
        message: `Pendo Kurudia (${a.username}) started following you`,
        link: `/user/${a.username.slice(1)}`,
        is_read: false,
      },
    ]);

    // Read, and two hours old: the next follow after an undo is news again (the same row, unread).
    await t.db
      .updateTable('notifications')
      .set({ is_read: true, created_at: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where('user_id', '=', b.id)
      .execute();
    await follow(a.auth, b.username, 'DELETE');
    await follow(a.auth, b.username);
    const after = await notes();
    expect(after).toHaveLength(1);
    expect(after[0]!.is_read).toBe(false);
  });

  it('breaks ties by recent activity', async () => {
    const me = await makeUser(t, { location: 'Garissa' });
    const quiet = await makeUser(t, { name: 'Quiet Tiebreak', location: 'Lamu' });
    const busy = await makeUser(t, { name: 'Busy Tiebreak', location: 'Lamu' });
    for (let i = 0; i < 3; i++) await makePost(t, busy);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/suggestions?search=tiebreak',
      headers: me.auth,
    });
    expect(res.json().map((p: { id: number }) => p.id)).toEqual([busy.id, quiet.id]);
  });

  it('a search ranks mutual follows first, then my town, then the most active, then the newest', async () => {
    const me = await makeUser(t, { location: 'Voi' });
    const friend = await makeUser(t, { location: 'Kitui' });
    const older = await makeUser(t, { name: 'Jelimo Older', location: 'Kitui' });
    const busy = await makeUser(t, { name: 'Jelimo Busy', location: 'Kitui' });
    const neighbour = await makeUser(t, { name: 'Jelimo Neighbour', location: 'voi' });
    const mutual = await makeUser(t, { name: 'Jelimo Mutual', location: 'Kitui' });
    const newer = await makeUser(t, { name: 'Jelimo Newer', location: 'Kitui' });
    // In my town and active, but not a match: the town and activity rank the matches, they do not make one.
    const notMatching = await makeUser(t, { name: 'Wafula Voi', location: 'Voi' });
    await follow(me.auth, friend.username);
    await follow(friend.auth, mutual.username);
    for (let i = 0; i < 2; i++) await makePost(t, busy);
    await makePost(t, notMatching);

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/suggestions?search=jelimo&limit=50',
      headers: me.auth,
    });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((p: { id: number }) => p.id);
    expect(ids).toEqual([mutual.id, neighbour.id, busy.id, newer.id, older.id]);
    expect(ids).not.toContain(notMatching.id);
  });

  it('searches suggestions by name, username or location, wildcards taken literally', async () => {
    const me = await makeUser(t);
    const target = await makeUser(t, { name: 'Zawadi Wambui', location: 'Nyeri' });
    const hit = await t.app.inject({
      method: 'GET',
      url: '/api/users/suggestions?search=zawadi',
      headers: me.auth,
    });
    expect(hit.json().map((p: { id: number }) => p.id)).toEqual([target.id]);
    const byTown = await t.app.inject({
      method: 'GET',
      url: '/api/users/suggestions?search=NYERI',
      headers: me.auth,
    });
    expect(byTown.json().map((p: { id: number }) => p.id)).toEqual([target.id]);
    const underscore = await t.app.inject({
      method: 'GET',
      url: '/api/users/suggestions?search=_&limit=50',
      headers: me.auth,
    });
    const found: { username: string; name: string; location: string }[] = underscore.json();
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => `${p.name} ${p.username} ${p.location}`.includes('_'))).toBe(true);
    for (const odd of ['%', 'w%i', "'; drop table users; --", '\\']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/suggestions?search=${encodeURIComponent(odd)}`,
        headers: me.auth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json(), odd).toEqual([]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/users/suggestions' })).statusCode).toBe(401);
  });
});
