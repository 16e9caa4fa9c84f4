import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { NEXT_CURSOR_HEADER, type ServerToClientEvents } from '@jamii/shared';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import { useTestApp } from '../../test/use-test-app';
import { createQueryCounter } from '../../test/query-counter';
import { makeJpeg, makePost, makeUser, multipart } from '../../test/factories';

const queryCounter = createQueryCounter();

describe('posts', () => {
  const t = useTestApp({ dbPlugins: [queryCounter.plugin] });

  const publish = async (
    headers: Record<string, string>,
    fields: Record<string, string>,
    file?: Parameters<typeof multipart>[1],
  ) => {
    const body = await multipart(fields, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const mediaFile = (url: string) => t.app.inject({ method: 'GET', url });

  describe('POST /api/posts', () => {
    it('publishes as the signed-in member whatever user_id says, and saves its hashtags', async () => {
      const author = await makeUser(t, { name: 'Wanjiku Kamau' });
      const other = await makeUser(t);
      const res = await publish(author.auth, {
        user_id: String(other.id),
        content: '  Karibu #Nairobi tech meetup! #nairobi #Jobs_2025  ',
      });
      expect(res.statusCode).toBe(201);
      const post = res.json();
      expect(post).toMatchObject({
        content: 'Karibu #Nairobi tech meetup! #nairobi #Jobs_2025',
        title: null,
        image_url: null,
        image_feed_url: null,
        image_bytes: null,
        image_feed_bytes: null,
        image_placeholder: null,
        user_id: author.id,
        name: 'Wanjiku Kamau',
        username: author.username,
        profile_pic: null,
        likes: 0,
        comment_count: 0,
        liked_by_me: false,
      });
      expect(Object.keys(post).sort()).toEqual(
        [
          'id',
          'content',
          'title',
          'image_url',
          'image_feed_url',
          'image_bytes',
          'image_feed_bytes',
          'image_placeholder',
          'created_at',
          'edited_at',
          'moderation',
          'risk',
          'user_id',
          'name',
          'username',
          'profile_pic',
          'likes',
          'comment_count',
          'liked_by_me',
        ].sort(),
      );
      const tags = await t.db
        .selectFrom('post_hashtags')
        .innerJoin('hashtags', 'hashtags.id', 'post_hashtags.hashtag_id')
        .select('hashtags.tag')
        .where('post_hashtags.post_id', '=', post.id)
        .orderBy('hashtags.tag')
        .execute();
      expect(tags.map((r) => r.tag)).toEqual(['jobs_2025', 'nairobi']);
      // A second post with a known tag reuses the topic.
      const again = await publish(author.auth, { content: 'Tena #NAIROBI' });
      expect(again.statusCode).toBe(201);
      const nairobi = await t.db.selectFrom('hashtags').select('id').where('tag', '=', 'nairobi').execute();
      expect(nairobi).toHaveLength(1);
    });

    it('accepts a JSON body from API clients', async () => {
      const author = await makeUser(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/posts',
        headers: author.auth,
        payload: { content: 'Sent as JSON', title: 'Hello' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ content: 'Sent as JSON', title: 'Hello' });
    });

    it('stores markup as plain text and answers it as JSON, never as HTML', async () => {
      const author = await makeUser(t);
      const content = '<script>alert(1)</script> <img src=x onerror=alert(2)>';
      const res = await publish(author.auth, { content });
      expect(res.statusCode).toBe(201);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().content).toBe(content);
      const one = await get(`/api/posts/${res.json().id}`);
      expect(one.headers['content-type']).toContain('application/json');
      expect(one.json().content).toBe(content);
      const row = await t.db
        .selectFrom('posts')
        .select('content')
        .where('id', '=', res.json().id)
        .executeTakeFirstOrThrow();
      expect(row.content).toBe(content);
    });

    it('requires text (not only spaces), at most 5000 characters', async () => {
      const author = await makeUser(t);
      for (const fields of [{}, { content: '' }, { content: '   \n  ' }] as Record<string, string>[]) {
        const res = await publish(author.auth, fields);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          errors: { content: 'Post text is required' },
        });
      }
      const long = await publish(author.auth, { content: 'a'.repeat(5001) });
      expect(long.statusCode).toBe(400);
      expect(long.json().errors.content).toBe('Post text can be at most 5000 characters');
      expect((await publish(author.auth, { content: 'a'.repeat(5000) })).statusCode).toBe(201);
    });

    it('answers 401 to a visitor', async () => {
      const res = await publish({}, { content: 'Hello' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    });

    it('re-encodes a picture to WebP of at most 1280 px with a feed variant of at most 640 px, no metadata', async () => {
      const author = await makeUser(t);
      const res = await publish(
        author.auth,
        { content: 'Sunset over Lake Victoria' },
        { field: 'image', filename: 'ziwa.jpg', data: await makeJpeg(2400, 1800), type: 'image/jpeg' },
      );
      expect(res.statusCode).toBe(201);
      const { image_url, image_feed_url } = res.json();
      expect(image_url).toMatch(/^\/media\/posts\/.+\.webp$/);
      expect(image_feed_url).toMatch(/^\/media\/posts\/.+\.webp$/);
      expect(image_feed_url).not.toBe(image_url);
      for (const [url, side] of [
        [image_url, 1280],
        [image_feed_url, 640],
      ] as const) {
        const file = await mediaFile(url);
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('image/webp');
        const meta = await sharp(file.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(Math.max(meta.width!, meta.height!)).toBe(side);
        expect(meta.exif).toBeUndefined();
        expect(file.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
      }
    });

    it("records both files' sizes and a blurred stand-in of a few hundred bytes, in every list (data saver)", async () => {
      const author = await makeUser(t);
      const res = await publish(
        author.auth,
        { content: 'Matatu art on Moi Avenue' },
        { field: 'image', filename: 'matatu.jpg', data: await makeJpeg(2000, 1500), type: 'image/jpeg' },
      );
      expect(res.statusCode).toBe(201);
      const post = res.json();
      const full = await mediaFile(post.image_url);
      const feed = await mediaFile(post.image_feed_url);
      expect(post.image_bytes).toBe(full.rawPayload.length);
      expect(post.image_feed_bytes).toBe(feed.rawPayload.length);
      expect(post.image_feed_bytes).toBeLessThan(post.image_bytes);

      expect(post.image_placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
      expect(post.image_placeholder.length).toBeLessThan(1000);
      const tiny = Buffer.from(post.image_placeholder.split(',')[1], 'base64');
      const meta = await sharp(tiny).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([24, 18]);

      // The feed, the author's posts and the post itself carry the same facts.
      const feedPage = await get('/api/posts?limit=50');
      const listed = feedPage.json().find((p: { id: number }) => p.id === post.id);
      const byAuthor = (await get(`/api/posts/user/${author.id}`)).json();
      const single = (await get(`/api/posts/${post.id}`)).json();
      for (const item of [listed, byAuthor[0], single]) {
        expect(item).toMatchObject({
          image_bytes: post.image_bytes,
          image_feed_bytes: post.image_feed_bytes,
          image_placeholder: post.image_placeholder,
        });
      }
    });

    it('gives a feed-sized picture one size for both files', async () => {
      const author = await makeUser(t);
      const res = await publish(
        author.auth,
        { content: 'Small one' },
        { field: 'image', filename: 'small.jpg', data: await makeJpeg(300, 300), type: 'image/jpeg' },
      );
      const post = res.json();
      expect(post.image_feed_bytes).toBe(post.image_bytes);
      expect(post.image_bytes).toBe((await mediaFile(post.image_url)).rawPayload.length);
    });

    it('keeps one file when the picture is already feed-sized', async () => {
      const author = await makeUser(t);
      const res = await publish(
        author.auth,
        { content: 'Small picture' },
        { field: 'image', filename: 'small.jpg', data: await makeJpeg(400, 300), type: 'image/jpeg' },
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().image_feed_url).toBe(res.json().image_url);
    });

    it('refuses a file that is not an image (415) or over 5 MB (413), creating no post', async () => {
      const author = await makeUser(t);
      const fake = await publish(
        author.auth,
        { content: 'Not a picture' },
        { field: 'image', filename: 'x.png', data: Buffer.from('<svg onload=alert(1)>'), type: 'image/png' },
      );
      expect(fake.statusCode).toBe(415);
      expect(fake.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      const big = await publish(
        author.auth,
        { content: 'Too big' },
        {
          field: 'image',
          filename: 'big.jpg',
          data: Buffer.concat([await makeJpeg(100, 100), Buffer.alloc(5 * 1024 * 1024 + 10)]),
          type: 'image/jpeg',
        },
      );
      expect(big.statusCode).toBe(413);
      const rows = await t.db.selectFrom('posts').select('id').where('user_id', '=', author.id).execute();
      expect(rows).toHaveLength(0);
    });
  });

  describe('GET /api/posts', () => {
    it('lists newest first with the author, likes and the viewer’s like; a JSON array', async () => {
      const t2 = await buildTestApp();
      try {
        const ann = await makeUser(t2, { name: 'Ann Achieng' });
        const ben = await makeUser(t2, { name: 'Ben Kiprop' });
        await t2.db
          .updateTable('users')
          .set({ profile_pic: '/media/avatars/ann.webp' })
          .where('id', '=', ann.id)
          .execute();
        const older = await makePost(t2, ann, { content: 'older', minutesAgo: 10 });
        const newer = await makePost(t2, ben, { content: 'newer', minutesAgo: 1 });
        await t2.app.inject({ method: 'POST', url: `/api/posts/${older.id}/like`, headers: ben.auth });

        const asBen = await t2.app.inject({ method: 'GET', url: '/api/posts', headers: ben.auth });
        expect(asBen.statusCode).toBe(200);
        expect(asBen.headers['content-type']).toContain('application/json');
        expect(asBen.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBeUndefined();
        const list = asBen.json();
        expect(Array.isArray(list)).toBe(true);
        expect(list.map((p: { id: number }) => p.id)).toEqual([newer.id, older.id]);
        expect(list[1]).toMatchObject({
          content: 'older',
          user_id: ann.id,
          name: 'Ann Achieng',
          username: ann.username,
          profile_pic: '/media/avatars/ann.webp',
          likes: 1,
          liked_by_me: true,
        });
        expect(list[0]).toMatchObject({ likes: 0, liked_by_me: false });

        const asAnn = (await t2.app.inject({ method: 'GET', url: '/api/posts', headers: ann.auth })).json();
        expect(asAnn[1]).toMatchObject({ likes: 1, liked_by_me: false });
        const anonymous = (await t2.app.inject({ method: 'GET', url: '/api/posts' })).json();
        expect(anonymous[1]).toMatchObject({ likes: 1, liked_by_me: false });
      } finally {
        await t2.close();
      }
    });

    it('walks every post once with the cursor, including posts created in the same microsecond', async () => {
      const t2 = await buildTestApp();
      try {
        const author = await makeUser(t2);
        const ids: number[] = [];
        // Ties on created_at, and times that differ by one microsecond only.
        const times = [
          '2026-01-01T10:00:00.000001Z',
          '2026-01-01T10:00:00.000002Z',
          '2026-01-01T10:00:00.000002Z',
          '2026-01-01T10:00:00.000002Z',
          '2026-01-01T10:00:00.000003Z',
        ];
        for (let i = 0; i < 23; i++) {
          const created_at = times[i % times.length]!;
          const post = await t2.db
            .insertInto('posts')
            .values({ user_id: author.id, content: `post ${i}`, created_at })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.push(post.id);
        }
        const seen: number[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const res = await t2.app.inject({
            method: 'GET',
            url: `/api/posts?limit=4${cursor ? `&cursor=${cursor}` : ''}`,
          });
          expect(res.statusCode).toBe(200);
          const page = res.json() as { id: number; created_at: string }[];
          expect(page.length).toBeLessThanOrEqual(4);
          seen.push(...page.map((p) => p.id));
          cursor = res.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined;
          pages++;
        } while (cursor && pages < 20);
        expect(pages).toBe(6);
        expect(new Set(seen).size).toBe(seen.length);
        expect([...seen].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
        // Newest first, then the higher id first among equal times.
        const rows = await t2.db
          .selectFrom('posts')
          .select('id')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
        expect(seen).toEqual(rows.map((r) => r.id));
      } finally {
        await t2.close();
      }
    });

    it('answers 400 to a bad cursor or limit', async () => {
      for (const query of [
        'cursor=not-a-cursor!',
        `cursor=${Buffer.from('yesterday|5').toString('base64url')}`,
        `cursor=${Buffer.from('2026-01-01T00:00:00Z|-1').toString('base64url')}`,
        `cursor=${Buffer.from('2026-01-01T00:00:00Z|5|6').toString('base64url')}`,
      ]) {
        const res = await get(`/api/posts?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().code).toBe('INVALID_CURSOR');
      }
      for (const limit of ['0', '101', 'abc', '2.5']) {
        const res = await get(`/api/posts?limit=${limit}`);
        expect(res.statusCode, limit).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
      expect((await get('/api/posts?limit=100')).statusCode).toBe(200);
    });

    it('searches post text with % and _ taken literally', async () => {
      const author = await makeUser(t);
      const percent = await makePost(t, author, { content: 'Discount 50% on maize flour' });
      const underscore = await makePost(t, author, { content: 'file_name convention' });
      await makePost(t, author, { content: 'Discount 50 shillings' });
      await makePost(t, author, { content: 'filexname' });
      const byPercent = (await get(`/api/posts?search=${encodeURIComponent('50%')}`)).json();
      expect(byPercent.map((p: { id: number }) => p.id)).toEqual([percent.id]);
      const byUnderscore = (await get(`/api/posts?search=${encodeURIComponent('e_n')}`)).json();
      expect(byUnderscore.map((p: { id: number }) => p.id)).toEqual([underscore.id]);
      const caseless = (await get('/api/posts?search=MAIZE')).json();
      expect(caseless.map((p: { id: number }) => p.id)).toEqual([percent.id]);
    });

    it('reads a page in the same number of queries whatever its size', async () => {
      const t2 = await buildTestApp({ dbPlugins: [queryCounter.plugin] });
      try {
        const viewer = await makeUser(t2);
        const authors = await Promise.all([makeUser(t2), makeUser(t2), makeUser(t2)]);
        for (let i = 0; i < 60; i++) {
          const post = await makePost(t2, authors[i % 3]!, { minutesAgo: i });
          if (i % 2)
            await t2.db.insertInto('post_likes').values({ post_id: post.id, user_id: viewer.id }).execute();
        }
        const count = async (limit: number) => {
          queryCounter.count = 0;
          queryCounter.on = true;
          const res = await t2.app.inject({
            method: 'GET',
            url: `/api/posts?limit=${limit}`,
            headers: viewer.auth,
          });
          queryCounter.on = false;
          expect(res.statusCode).toBe(200);
          expect(res.json()).toHaveLength(limit);
          return queryCounter.count;
        };
        const small = await count(5);
        const large = await count(50);
        expect(large).toBe(small);
        // The signed-in member's account, then the page itself.
        expect(small).toBe(2);
      } finally {
        queryCounter.on = false;
        await t2.close();
      }
    });
  });

  describe('GET /api/posts/user/:id and /api/posts/:id', () => {
    it('lists one member’s posts only', async () => {
      const ann = await makeUser(t);
      const ben = await makeUser(t);
      const a1 = await makePost(t, ann, { minutesAgo: 3 });
      const a2 = await makePost(t, ann, { minutesAgo: 2 });
      await makePost(t, ben, { minutesAgo: 1 });
      const res = await get(`/api/posts/user/${ann.id}`, ben.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((p: { id: number }) => p.id)).toEqual([a2.id, a1.id]);
      expect((await get('/api/posts/user/99999999')).json()).toEqual([]);
      expect((await get('/api/posts/user/abc')).statusCode).toBe(400);
    });

    it('answers one post, or 404', async () => {
      const ann = await makeUser(t);
      const post = await makePost(t, ann, { content: 'Single' });
      expect((await get(`/api/posts/${post.id}`)).json()).toMatchObject({ id: post.id, content: 'Single' });
      expect((await get('/api/posts/99999999')).statusCode).toBe(404);
    });
  });

  describe('DELETE /api/posts/:id', () => {
    it('lets the author delete their post and removes its pictures', async () => {
      const author = await makeUser(t);
      const created = await publish(
        author.auth,
        { content: 'With a picture' },
        { field: 'image', filename: 'p.jpg', data: await makeJpeg(1600, 900), type: 'image/jpeg' },
      );
      const { id, image_url, image_feed_url } = created.json();
      const files = [image_url, image_feed_url].map(
        (url: string) => `${t.dataDir}/media${url.slice('/media'.length)}`,
      );
      expect(files.every((f) => existsSync(f))).toBe(true);
      const res = await t.app.inject({ method: 'DELETE', url: `/api/posts/${id}`, headers: author.auth });
      expect(res.statusCode).toBe(204);
      expect(files.some((f) => existsSync(f))).toBe(false);
      expect((await get(`/api/posts/${id}`)).statusCode).toBe(404);
    });

    it('answers 401 to a visitor, 403 to another member, 404 to an unknown post; an admin may delete', async () => {
      const author = await makeUser(t);
      const other = await makeUser(t);
      const admin = await makeUser(t, { role: 'admin' });
      const post = await makePost(t, author);
      const del = (headers: Record<string, string>, id = post.id) =>
        t.app.inject({ method: 'DELETE', url: `/api/posts/${id}`, headers });
      expect((await del({})).statusCode).toBe(401);
      const forbidden = await del(other.auth);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().code).toBe('FORBIDDEN');
      expect((await del(other.auth, 99999999)).statusCode).toBe(404);
      expect((await del(admin.auth)).statusCode).toBe(204);
      expect((await del(author.auth)).statusCode).toBe(404);
    });
  });

  describe('likes', () => {
    const like = (method: 'POST' | 'DELETE', id: number, headers: Record<string, string>) =>
      t.app.inject({ method, url: `/api/posts/${id}/like`, headers });

    it('likes and unlikes idempotently, answering { likes, liked }', async () => {
      const author = await makeUser(t);
      const fan = await makeUser(t);
      const post = await makePost(t, author);
      expect((await like('POST', post.id, fan.auth)).json()).toEqual({ likes: 1, liked: true });
      expect((await like('POST', post.id, fan.auth)).json()).toEqual({ likes: 1, liked: true });
      expect((await get(`/api/posts/${post.id}`, fan.auth)).json()).toMatchObject({
        likes: 1,
        liked_by_me: true,
      });
      expect((await like('DELETE', post.id, fan.auth)).json()).toEqual({ likes: 0, liked: false });
      expect((await like('DELETE', post.id, fan.auth)).json()).toEqual({ likes: 0, liked: false });
    });

    it('answers 401 to a visitor and 404 for an unknown post', async () => {
      const fan = await makeUser(t);
      const post = await makePost(t, fan);
      expect((await like('POST', post.id, {})).statusCode).toBe(401);
      expect((await like('DELETE', post.id, {})).statusCode).toBe(401);
      expect((await like('POST', 99999999, fan.auth)).statusCode).toBe(404);
      expect((await like('DELETE', 99999999, fan.auth)).statusCode).toBe(404);
    });

    it('counts exactly under 20 members liking at once, each clicking twice', async () => {
      const author = await makeUser(t);
      const post = await makePost(t, author);
      const fans = await Promise.all(Array.from({ length: 20 }, () => makeUser(t)));
      const answers = await Promise.all(
        fans.flatMap((fan) => [like('POST', post.id, fan.auth), like('POST', post.id, fan.auth)]),
      );
      expect(answers.every((r) => r.statusCode === 200 && r.json().liked === true)).toBe(true);
      const stored = async () => {
        const row = await t.db
          .selectFrom('posts')
          .select('like_count')
          .where('id', '=', post.id)
          .executeTakeFirstOrThrow();
        const { n } = await t.db
          .selectFrom('post_likes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('post_id', '=', post.id)
          .executeTakeFirstOrThrow();
        return { likeCount: row.like_count, rows: Number(n) };
      };
      expect(await stored()).toEqual({ likeCount: 20, rows: 20 });
      expect((await get(`/api/posts/${post.id}`)).json().likes).toBe(20);

      const half = fans.slice(0, 10);
      await Promise.all(
        half.flatMap((fan) => [like('DELETE', post.id, fan.auth), like('DELETE', post.id, fan.auth)]),
      );
      expect(await stored()).toEqual({ likeCount: 10, rows: 10 });
    });

    it('broadcasts likeUpdated to connected sockets after the change', async () => {
      const author = await makeUser(t);
      const fan = await makeUser(t);
      const post = await makePost(t, author);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const visitor: Socket<ServerToClientEvents> = connect(url, {
        transports: ['websocket'],
        reconnection: false,
      });
      const member: Socket<ServerToClientEvents> = connect(url, {
        transports: ['websocket'],
        reconnection: false,
        auth: { token: author.token },
      });
      try {
        await Promise.all(
          [visitor, member].map(
            (s) =>
              new Promise<void>((resolve, reject) => {
                s.once('connect', resolve);
                s.once('connect_error', reject);
              }),
          ),
        );
        const received = (s: Socket<ServerToClientEvents>) =>
          new Promise((resolve) => s.once('likeUpdated', resolve));
        const both = Promise.all([received(visitor), received(member)]);
        const res = await fetch(`${url}/api/posts/${post.id}/like`, { method: 'POST', headers: fan.auth });
        expect(await res.json()).toEqual({ likes: 1, liked: true });
        expect(await both).toEqual([
          { type: 'post', id: post.id, likes: 1 },
          { type: 'post', id: post.id, likes: 1 },
        ]);
        const unliked = received(visitor);
        await fetch(`${url}/api/posts/${post.id}/like`, { method: 'DELETE', headers: fan.auth });
        expect(await unliked).toEqual({ type: 'post', id: post.id, likes: 0 });
      } finally {
        visitor.disconnect();
        member.disconnect();
      }
    });
  });
});
