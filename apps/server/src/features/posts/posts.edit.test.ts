import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { makeUser } from '../../test/factories';

// The author edits a post's text (docs/design.md#offers-that-behave-like-a-marketplace): same rules as the composer, edited_at set, topics follow.
describe('PATCH /api/posts/:id', () => {
  const t = useTestApp();

  const createPost = async (headers: Record<string, string>, content: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/posts', headers, payload: { content } })).json();
  const patch = (id: number, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/posts/${id}`, headers, payload });
  const tagsOf = async (postId: number) =>
    (
      await t.db
        .selectFrom('post_hashtags')
        .innerJoin('hashtags', 'hashtags.id', 'post_hashtags.hashtag_id')
        .select('hashtags.tag')
        .where('post_hashtags.post_id', '=', postId)
        .orderBy('hashtags.tag')
        .execute()
    ).map((r) => r.tag);

  it('answers the edited post with edited_at, and its topics follow the new text', async () => {
    const author = await makeUser(t);
    const post = await createPost(author.auth, 'Habari #Nairobi #jobs');
    expect(post.edited_at).toBeNull();
    const res = await patch(post.id, author.auth, { content: ' Habari #Mombasa #jobs ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: post.id,
      content: 'Habari #Mombasa #jobs',
      edited_at: expect.any(String),
    });
    expect(await tagsOf(post.id)).toEqual(['jobs', 'mombasa']);
    const read = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}`, headers: author.auth });
    expect(read.json().edited_at).toBe(res.json().edited_at);
  });

  it('checks the text like the composer; 403 to anyone else (admins too), 404 unknown, 401 visitor', async () => {
    const author = await makeUser(t);
    const other = await makeUser(t);
    const admin = await makeUser(t, { role: 'admin' });
    const post = await createPost(author.auth, 'Karibu');
    const empty = await patch(post.id, author.auth, { content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.content).toBe('Post text is required');
    for (const who of [other, admin]) {
      const refused = await patch(post.id, who.auth, { content: 'Hijacked' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
    }
    expect((await patch(99999999, author.auth, { content: 'x' })).statusCode).toBe(404);
    expect((await patch(post.id, {}, { content: 'x' })).statusCode).toBe(401);
    const row = await t.db
      .selectFrom('posts')
      .select(['content', 'edited_at'])
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ content: 'Karibu', edited_at: null });
  });
});
