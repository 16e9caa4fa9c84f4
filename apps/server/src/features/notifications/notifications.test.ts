import { NOTIFICATION_CATEGORIES, type NotificationDto } from '@jamii/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { openSocket } from '../../test/sockets';
import { makeBid, makePost, makeUser } from '../../test/factories';

describe('notifications', () => {
  const t = useTestApp({ listen: true });

  const get = (path: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: path, headers });
  const write = (userId: number, message: string, headers: Record<string, string>, type = 'info') =>
    t.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers,
      payload: { user_id: userId, message, type },
    });

  it('lists mine newest first in keyset pages, with the unread count', async () => {
    const me = await makeUser(t);
    for (const m of ['one', 'two', 'three']) expect((await write(me.id, m, me.auth)).statusCode).toBe(201);
    const page = await get(`/api/notifications/${me.id}?limit=2`, me.auth);
    expect(page.json().map((n: NotificationDto) => n.message)).toEqual(['three', 'two']);
    expect(page.json()[0]).toMatchObject({ user_id: me.id, type: 'info', is_read: false });
    const rest = await get(
      `/api/notifications/${me.id}?limit=2&cursor=${page.headers['x-next-cursor']}`,
      me.auth,
    );
    expect(rest.json().map((n: NotificationDto) => n.message)).toEqual(['one']);
    expect((await get(`/api/notifications/${me.id}/unread-count`, me.auth)).json()).toEqual({ count: 3 });
  });

  it('marks all of mine read at once, not another member’s; visitors 401', async () => {
    const me = await makeUser(t);
    const other = await makeUser(t);
    for (const m of ['one', 'two']) await write(me.id, m, me.auth);
    await write(other.id, 'theirs', other.auth);
    const readAll = (headers: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: '/api/notifications/read-all', headers });

    expect((await readAll({})).statusCode).toBe(401);
    const first = await readAll(me.auth);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ marked: 2 });
    expect((await get(`/api/notifications/${me.id}/unread-count`, me.auth)).json()).toEqual({ count: 0 });
    expect(
      (await get(`/api/notifications/${me.id}`, me.auth)).json().every((n: NotificationDto) => n.is_read),
    ).toBe(true);
    expect((await readAll(me.auth)).json()).toEqual({ marked: 0 });
    expect((await get(`/api/notifications/${other.id}/unread-count`, other.auth)).json()).toEqual({
      count: 1,
    });
  });

  it('carries the link of what it is about, null for a note', async () => {
    const me = await makeUser(t);
    await t.db
      .insertInto('notifications')
      .values({ user_id: me.id, message: 'Mtu alikufuata', link: '/user/amina' })
      .execute();
    await write(me.id, 'Kumbuka', me.auth);
    const list = (await get(`/api/notifications/${me.id}`, me.auth)).json() as NotificationDto[];
    expect(list.map((n) => [n.message, n.link])).toEqual([
      ['Kumbuka', null],
      ['Mtu alikufuata', '/user/amina'],
    ]);
    // Only paths on this site: the database refuses another site's address.
    await expect(
      t.db
        .insertInto('notifications')
        .values({ user_id: me.id, message: 'x', link: 'https://evil.example' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.db
        .insertInto('notifications')
        .values({ user_id: me.id, message: 'x', link: '//evil.example' })
        .execute(),
    ).rejects.toThrow();
  });

  it('keeps preferences per category: defaults, partial changes, a muted category writes nothing', async () => {
    const me = await makeUser(t);
    const fan = await makeUser(t, { name: 'Shabiki Mkubwa' });
    const prefs = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers });
    const save = (headers: Record<string, string>, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/notifications/preferences',
        headers,
        payload: payload as object,
      });

    expect((await prefs({})).statusCode).toBe(401);
    const defaults = (await prefs(me.auth)).json();
    // Every category of the shared contract, in its order.
    expect(Object.keys(defaults)).toEqual([...NOTIFICATION_CATEGORIES]);
    const off = { in_app: true, push: false, email: false, sms: false };
    // Push on for deals, messages and reviews; email on for deals; SMS off everywhere.
    expect(defaults).toEqual({
      follows: off,
      likes: off,
      comments: off,
      mentions: off,
      offers: { in_app: true, push: true, email: true, sms: false },
      applications: { in_app: true, push: true, email: true, sms: false },
      reviews: { in_app: true, push: true, email: false, sms: false },
      messages: { in_app: true, push: true, email: false, sms: false },
    });

    const changed = await save(me.auth, {
      follows: { in_app: false },
      reviews: { email: true, push: false },
      messages: { sms: true },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      follows: { ...off, in_app: false },
      reviews: { in_app: true, push: false, email: true, sms: false },
      messages: { in_app: true, push: true, email: false, sms: true },
      likes: off,
    });
    expect((await prefs(me.auth)).json().follows).toEqual({ ...off, in_app: false });
    // Another member's preferences are their own.
    expect((await prefs(fan.auth)).json().follows).toEqual(off);
    expect((await save(me.auth, { offers: { fax: true } })).statusCode).toBe(400);
    expect((await save(me.auth, { birthdays: { in_app: false } })).statusCode).toBe(400);
    expect((await save(me.auth, { follows: { in_app: 'no' } })).statusCode).toBe(400);

    // Follows muted: a follow writes no notification; likes still do.
    await t.app.inject({
      method: 'POST',
      url: `/api/users/${me.username.slice(1)}/follow`,
      headers: fan.auth,
    });
    const post = await makePost(t, me);
    await t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: fan.auth });
    const messages = (await get(`/api/notifications/${me.id}`, me.auth))
      .json()
      .map((n: NotificationDto) => n.message);
    expect(messages).toEqual(['Shabiki Mkubwa liked your post']);
  });

  it('marks read and deletes, for the owner only', async () => {
    const me = await makeUser(t);
    const other = await makeUser(t);
    const note = (await write(me.id, 'Karibu', me.auth)).json() as NotificationDto;
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/notifications/${note.id}/read`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/notifications/${note.id}`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${note.id}/read`,
      headers: me.auth,
    });
    expect(read.json()).toMatchObject({ id: note.id, is_read: true });
    expect((await get(`/api/notifications/${me.id}/unread-count`, me.auth)).json()).toEqual({ count: 0 });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/notifications/${note.id}`, headers: me.auth }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/notifications/${note.id}`, headers: me.auth }))
        .statusCode,
    ).toBe(404);
  });

  it("refuses another member's list (403), writing to someone else (403) and visitors (401)", async () => {
    const me = await makeUser(t);
    const other = await makeUser(t);
    expect((await get(`/api/notifications/${other.id}`, me.auth)).statusCode).toBe(403);
    expect((await get(`/api/notifications/${other.id}/unread-count`, me.auth)).statusCode).toBe(403);
    expect((await write(other.id, 'Fake alert', me.auth)).statusCode).toBe(403);
    expect((await get(`/api/notifications/${me.id}`, {})).statusCode).toBe(401);
    expect((await write(me.id, '', me.auth)).statusCode).toBe(400);
  });

  it('groups likes on one post into one notification for its author', async () => {
    const author = await makeUser(t);
    const post = await makePost(t, author);
    const fans = [
      await makeUser(t, { name: 'Amina Fan' }),
      await makeUser(t, { name: 'Baraka Fan' }),
      await makeUser(t, { name: 'Chebet Fan' }),
    ];
    for (const fan of fans) {
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: fan.auth }))
          .statusCode,
      ).toBe(200);
    }
    await t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: author.auth });
    const notes = (await get(`/api/notifications/${author.id}`, author.auth)).json() as NotificationDto[];
    expect(notes.map((n) => n.message)).toEqual(['Chebet Fan and 2 others liked your post']);
  });

  it('pushes a new notification at once to the member’s sockets only', async () => {
    const owner = await makeUser(t);
    const bidder = await makeUser(t, { name: 'Juma Bidder' });
    const bystander = await makeUser(t);
    const bid = await makeBid(t, owner, { max_price: 100 });
    const open = (token: string) => openSocket(t.url, token);
    const ownerSocket = await open(owner.token);
    const bystanderSocket = await open(bystander.token);
    try {
      let leaked = false;
      bystanderSocket.on('notification', () => (leaked = true));
      const received = new Promise<NotificationDto>((resolve) => ownerSocket.once('notification', resolve));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bids/offer',
        headers: bidder.auth,
        payload: { bid_id: bid.id, offer_price: 80, message: 'I can do it this week' },
      });
      expect(res.statusCode).toBe(201);
      const note = await received;
      expect(note).toMatchObject({ user_id: owner.id, is_read: false });
      expect(note.message).toContain('Juma Bidder placed an offer of KSh 80');
      await new Promise((r) => setTimeout(r, 100));
      expect(leaked).toBe(false);
    } finally {
      ownerSocket.disconnect();
      bystanderSocket.disconnect();
    }
  });
});
