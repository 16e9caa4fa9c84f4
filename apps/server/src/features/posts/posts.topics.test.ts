import type { NotificationDto, PostDto } from '@jamii/shared';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabaseKind } from '../../test/test-database';
import { useTestApp } from '../../test/use-test-app';
import { makePost, makeUser, multipart } from '../../test/factories';
import { tagPost } from './posts.repo';

// Topics and mentions (docs/design.md#conversation-around-posts): GET /api/topics/{tag}/posts lists a #topic's posts, newest
// first, keyset-paged, as the feed shows them; @username in a new post or comment notifies that
// member, with a link to the post.

describe('topics and mentions', () => {
  const t = useTestApp({ poolSize: 4 });

  const publish = async (headers: Record<string, string>, content: string) => {
    const body = await multipart({ content });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as PostDto;
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const notices = async (member: { id: number; auth: Record<string, string> }) =>
    (await get(`/api/notifications/${member.id}`, member.auth)).json() as NotificationDto[];

  it('lists a topic’s posts newest first in keyset pages, whatever the case or # it is asked with', async () => {
    const author = await makeUser(t);
    const first = await publish(author.auth, 'Mvua leo #Kisumu');
    const second = await publish(author.auth, 'Samaki fresh #kisumu #soko');
    await publish(author.auth, 'Another town #Nakuru');

    const page = await get('/api/topics/kisumu/posts?limit=1');
    expect(page.statusCode).toBe(200);
    expect(page.json().map((p: PostDto) => p.id)).toEqual([second.id]);
    const rest = await get(`/api/topics/kisumu/posts?limit=1&cursor=${page.headers['x-next-cursor']}`);
    expect(rest.json().map((p: PostDto) => p.id)).toEqual([first.id]);
    expect(rest.headers['x-next-cursor']).toBeUndefined();

    for (const spelled of ['Kisumu', '%23Kisumu']) {
      expect((await get(`/api/topics/${spelled}/posts`)).json().map((p: PostDto) => p.id)).toEqual([
        second.id,
        first.id,
      ]);
    }
    expect((await get('/api/topics/haipo/posts')).json()).toEqual([]);
  });

  it('refuses a topic that is not one (400)', async () => {
    for (const bad of ['a-b', 'x'.repeat(70), '%20'])
      expect((await get(`/api/topics/${bad}/posts`)).statusCode, bad).toBe(400);
  });

  it('leaves hidden posts and blocked members’ posts out of a topic', async () => {
    const viewer = await makeUser(t);
    const blocked = await makeUser(t);
    const shown = await publish(viewer.auth, 'Wazi #mombasa');
    const hidden = await publish(viewer.auth, 'Siri #mombasa');
    const theirs = await publish(blocked.auth, 'Yangu #mombasa');
    await t.db.updateTable('posts').set({ moderation: 'hidden' }).where('id', '=', hidden.id).execute();
    await t.db.insertInto('blocks').values({ blocker_id: viewer.id, blocked_id: blocked.id }).execute();

    const ids = (await get('/api/topics/mombasa/posts', viewer.auth)).json().map((p: PostDto) => p.id);
    // The author still sees their own hidden post, labelled, as in the feed.
    expect(ids).toEqual([hidden.id, shown.id]);
    const visitor = (await get('/api/topics/mombasa/posts')).json().map((p: PostDto) => p.id);
    expect(visitor).toEqual([theirs.id, shown.id]);
  });

  it('notifies mentioned members once, with a link to the post; not the author, not a blocked pair', async () => {
    const author = await makeUser(t, { name: 'Achieng Mwangi' });
    const friend = await makeUser(t);
    const blocker = await makeUser(t);
    await t.db.insertInto('blocks').values({ blocker_id: blocker.id, blocked_id: author.id }).execute();
    const post = await publish(
      author.auth,
      `Asante ${friend.username} na ${friend.username.toUpperCase()}! Pia ${blocker.username} na ${author.username}`,
    );

    const toFriend = (await notices(friend)).filter((n) => n.message.includes('mentioned you'));
    expect(toFriend).toEqual([
      expect.objectContaining({ message: 'Achieng Mwangi mentioned you in a post', link: `/p/${post.id}` }),
    ]);
    expect((await notices(blocker)).filter((n) => n.message.includes('mentioned you'))).toEqual([]);
    expect((await notices(author)).filter((n) => n.message.includes('mentioned you'))).toEqual([]);
  });

  it('notifies members mentioned in a comment once, and the post’s owner only as its owner', async () => {
    const owner = await makeUser(t);
    const commenter = await makeUser(t, { name: 'Kiprono Comments' });
    const friend = await makeUser(t);
    const post = await publish(owner.auth, 'Nani anajua fundi?');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/comments`,
      headers: commenter.auth,
      payload: { body: `${friend.username} ni fundi mzuri, ${owner.username} ${friend.username}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const about = (n: NotificationDto) => n.message.startsWith('Kiprono Comments');
    expect((await notices(friend)).filter(about)).toEqual([
      expect.objectContaining({
        message: 'Kiprono Comments mentioned you in a comment',
        link: `/p/${post.id}`,
      }),
    ]);
    expect((await notices(owner)).filter(about)).toEqual([
      expect.objectContaining({ message: 'Kiprono Comments commented on your post', link: `/p/${post.id}` }),
    ]);
  });

  it('links a like notification to the post', async () => {
    const author = await makeUser(t);
    const fan = await makeUser(t, { name: 'Baraka Fan' });
    const post = await publish(author.auth, 'Picha ya leo');
    await t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, headers: fan.auth });
    const like = (await notices(author)).find((n) => n.message === 'Baraka Fan liked your post');
    expect(like?.link).toBe(`/p/${post.id}`);
  });

  const tagRow = (tag: string) =>
    sql<{ id: number; version: string }>`select id, xmin::text as version from hashtags where tag = ${tag}`
      .execute(t.db)
      .then((r) => r.rows);
  const taggedPosts = (tag: string) =>
    sql<{ post_id: number }>`select post_id from post_hashtags join hashtags on hashtags.id = hashtag_id
      where tag = ${tag} order by post_id`
      .execute(t.db)
      .then((r) => r.rows.map((row) => row.post_id));

  it('stores a topic once and leaves it unwritten when later posts use it (no row lock on #jobs)', async () => {
    const author = await makeUser(t);
    const tag = `soko${Date.now()}`;
    const first = await publish(author.auth, `Nyanya #${tag} na #${tag.toUpperCase()}`);
    const [stored] = await tagRow(tag);
    expect(stored).toBeDefined();

    const second = await publish(author.auth, `Sukuma wiki #${tag}`);
    // The same row version: the second post read the tag and wrote nothing to it.
    expect(await tagRow(tag)).toEqual([stored]);
    expect(await taggedPosts(tag)).toEqual([first.id, second.id]);
  });

  // Two transactions at once need two connections: PGlite has one, so this race exists only on PostgreSQL.
  if (testDatabaseKind() === 'postgres')
    it('tags a post with a new topic another post’s transaction is adding at that moment, once that one commits', async () => {
      const author = await makeUser(t);
      const [one, two] = [await makePost(t, author), await makePost(t, author)];
      const tag = `mpya${Date.now()}`;
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      let added!: () => void;
      const hasAdded = new Promise<void>((resolve) => (added = resolve));
      const first = t.db.transaction().execute(async (trx) => {
        await tagPost(trx, one, [tag]);
        added();
        await committing;
      });
      await hasAdded;
      // The second insert of the tag waits for the first transaction; its own snapshot cannot see the
      // tag once that commits, so it must look again.
      const second = tagPost(t.db, two, [tag]);
      await expect
        .poll(async () => {
          const { rows } = await sql<{ waiting: number }>`select count(*)::integer as waiting
            from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
              and query like '%insert into hashtags%'`.execute(t.db);
          return rows[0]!.waiting;
        })
        .toBe(1);
      commit();
      await Promise.all([first, second]);
      expect(await tagRow(tag)).toHaveLength(1);
      expect(await taggedPosts(tag)).toEqual([one.id, two.id]);
    });
});
