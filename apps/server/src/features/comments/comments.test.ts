import type {
  ClientToServerEvents,
  CommentAddedEvent,
  CommentDto,
  PostDto,
  ServerToClientEvents,
} from '@jamii/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { makePost, makeUser, notificationsOf } from '../../test/factories';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Member = Awaited<ReturnType<typeof makeUser>>;

describe('comments on posts (docs/design.md#conversation-around-posts)', () => {
  const t = useTestApp({ listen: true });

  const comment = (
    who: Member | null,
    postId: number,
    payload: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/comments`,
      headers: { ...(who?.auth ?? {}), ...headers },
      payload,
    });
  const list = (who: Member | null, postId: number, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/posts/${postId}/comments${query}`, headers: who?.auth ?? {} });
  const remove = (who: Member, id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: who.auth });
  const report = (who: Member, commentId: number, reason: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: who.auth,
      payload: { target_type: 'comment', target_id: commentId, reason },
    });
  const postOf = async (who: Member | null, postId: number) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/posts/${postId}`, headers: who?.auth ?? {} })
    ).json() as PostDto;
  const block = (who: Member, other: Member) =>
    t.app.inject({ method: 'POST', url: `/api/users/${other.username}/block`, headers: who.auth });
  const notifications = async (who: Member) => (await notificationsOf(t, who.id)).map((n) => n.message);
  const ids = (res: { json: () => unknown }) => (res.json() as CommentDto[]).map((c) => c.id);

  it('comments and replies, lists them oldest first with the author, and counts them on the post', async () => {
    const owner = await makeUser(t, { name: 'Zawadi Owner' });
    const ann = await makeUser(t, { name: 'Ann Commenter' });
    const post = await makePost(t, owner);

    const first = await comment(ann, post.id, { body: '  Hongera sana!  ' });
    expect(first.statusCode).toBe(201);
    const created = first.json() as CommentDto;
    expect(created).toEqual({
      id: expect.any(Number),
      post_id: post.id,
      parent_id: null,
      author: { id: ann.id, username: ann.username, name: 'Ann Commenter', profile_pic: null },
      body: 'Hongera sana!',
      created_at: expect.any(String),
      can_delete: true,
    });
    const reply = (
      await comment(owner, post.id, { body: 'Asante!', parent_id: created.id })
    ).json() as CommentDto;
    expect(reply.parent_id).toBe(created.id);

    const asOwner = (await list(owner, post.id)).json() as CommentDto[];
    expect(asOwner.map((c) => [c.id, c.parent_id, c.can_delete])).toEqual([
      [created.id, null, true],
      [reply.id, created.id, true],
    ]);
    const asVisitor = (await list(null, post.id)).json() as CommentDto[];
    expect(asVisitor.map((c) => c.can_delete)).toEqual([false, false]);
    const asAnn = (await list(ann, post.id)).json() as CommentDto[];
    expect(asAnn.map((c) => c.can_delete)).toEqual([true, false]);

    expect((await postOf(null, post.id)).comment_count).toBe(2);
    const feed = (await t.app.inject({ method: 'GET', url: '/api/posts?limit=50' })).json() as PostDto[];
    expect(feed.find((p) => p.id === post.id)?.comment_count).toBe(2);
  });

  it('keeps replies one level deep: a reply to a reply joins its thread', async () => {
    const owner = await makeUser(t);
    const [ann, ben] = [await makeUser(t), await makeUser(t)];
    const post = await makePost(t, owner);
    const top = (await comment(ann, post.id, { body: 'Top' })).json() as CommentDto;
    const reply = (await comment(ben, post.id, { body: 'Reply', parent_id: top.id })).json() as CommentDto;
    const deeper = await comment(owner, post.id, { body: 'Deeper', parent_id: reply.id });
    expect(deeper.statusCode).toBe(201);
    expect((deeper.json() as CommentDto).parent_id).toBe(top.id);
  });

  it('pages oldest first with X-Next-Cursor', async () => {
    const owner = await makeUser(t);
    const post = await makePost(t, owner);
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push((await comment(owner, post.id, { body: `Number ${i}` })).json().id);
    // Two in the same instant: the id breaks the tie.
    await t.db
      .updateTable('comments')
      .set({ created_at: new Date('2025-01-01T10:00:00Z') })
      .where('id', 'in', made.slice(1, 3))
      .execute();
    const expected = [made[1], made[2], made[0], made[3], made[4]];
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await list(null, post.id, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      seen.push(...ids(res));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      pages++;
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(pages).toBe(3);
    expect((await list(null, post.id, '?cursor=nonsense!')).statusCode).toBe(400);
  });

  it('refuses an empty or too long body, a parent from another post, a visitor, and a missing post', async () => {
    const owner = await makeUser(t);
    const post = await makePost(t, owner);
    const other = await makePost(t, owner);
    const elsewhere = (await comment(owner, other.id, { body: 'Elsewhere' })).json() as CommentDto;

    const empty = await comment(owner, post.id, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { body: 'Comment is required' },
    });
    const long = await comment(owner, post.id, { body: 'a'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.body).toBe('Comment can be at most 1000 characters');
    expect((await comment(owner, post.id, { body: 'a'.repeat(1000) })).statusCode).toBe(201);

    const foreign = await comment(owner, post.id, { body: 'Hi', parent_id: elsewhere.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { parent_id: 'You can only reply to a comment on this post' },
    });
    expect((await comment(owner, post.id, { body: 'Hi', parent_id: 2147483647 })).statusCode).toBe(400);

    expect((await comment(null, post.id, { body: 'Hi' })).statusCode).toBe(401);
    expect((await comment(owner, 2147483647, { body: 'Hi' })).statusCode).toBe(404);
    expect((await list(null, 2147483647)).statusCode).toBe(404);
  });

  it('lets the author, the post owner and an admin delete; others get 403, a missing one 404', async () => {
    const owner = await makeUser(t);
    const [ann, ben] = [await makeUser(t), await makeUser(t)];
    const admin = await makeUser(t, { role: 'admin' });
    const post = await makePost(t, owner);
    const [c1, c2, c3] = [
      (await comment(ann, post.id, { body: 'One' })).json() as CommentDto,
      (await comment(ann, post.id, { body: 'Two' })).json() as CommentDto,
      (await comment(ann, post.id, { body: 'Three' })).json() as CommentDto,
    ];
    const reply = (await comment(ben, post.id, { body: 'Re one', parent_id: c1.id })).json() as CommentDto;
    expect((await postOf(null, post.id)).comment_count).toBe(4);

    const refused = await remove(ben, c1.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await remove(ann, c1.id)).statusCode).toBe(204);
    // Its reply went with it, and the count follows.
    expect(ids(await list(null, post.id))).toEqual([c2.id, c3.id]);
    expect((await postOf(null, post.id)).comment_count).toBe(2);
    expect((await remove(owner, c2.id)).statusCode).toBe(204);
    expect((await remove(admin, c3.id)).statusCode).toBe(204);
    expect((await remove(admin, c3.id)).statusCode).toBe(404);
    expect((await remove(ann, reply.id)).statusCode).toBe(404);
    expect((await postOf(null, post.id)).comment_count).toBe(0);
  });

  it('notifies the post owner and the parent’s author, never oneself', async () => {
    const owner = await makeUser(t, { name: 'Post Owner' });
    const ann = await makeUser(t, { name: 'Ann Writer' });
    const ben = await makeUser(t, { name: 'Ben Replier' });
    const post = await makePost(t, owner);
    const top = (await comment(ann, post.id, { body: 'Top' })).json() as CommentDto;
    await comment(ben, post.id, { body: 'Re', parent_id: top.id });
    await comment(owner, post.id, { body: 'Mine' });
    await comment(ann, post.id, { body: 'Re my own', parent_id: top.id });
    expect(await notifications(owner)).toEqual([
      'Ann Writer commented on your post',
      'Ben Replier commented on your post',
      'Ann Writer commented on your post',
    ]);
    expect(await notifications(ann)).toEqual(['Ben Replier replied to your comment']);
    expect(await notifications(ben)).toEqual([]);
  });

  it('keeps a blocked pair apart: no commenting on the blocker’s post (403), no seeing each other’s comments', async () => {
    const owner = await makeUser(t);
    const [ann, ben] = [await makeUser(t), await makeUser(t)];
    const post = await makePost(t, owner);
    const annSays = (await comment(ann, post.id, { body: 'From Ann' })).json() as CommentDto;
    const benSays = (await comment(ben, post.id, { body: 'From Ben' })).json() as CommentDto;
    expect((await block(ann, ben)).statusCode).toBe(200);

    expect(ids(await list(ann, post.id))).toEqual([annSays.id]);
    expect(ids(await list(ben, post.id))).toEqual([benSays.id]);
    expect(ids(await list(owner, post.id))).toEqual([annSays.id, benSays.id]);
    expect(ids(await list(null, post.id))).toEqual([annSays.id, benSays.id]);
    // Replying to the other's comment is refused too.
    const reply = await comment(ben, post.id, { body: 'Re', parent_id: annSays.id });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().code).toBe('BLOCKED');

    await block(owner, ann);
    const blocked = await comment(ann, post.id, { body: 'Again' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('BLOCKED');
    // The post itself is out of reach between the pair.
    expect((await list(ann, post.id)).statusCode).toBe(404);
  });

  it('hides a hidden comment from everyone but its author and admins; hidden posts have no thread', async () => {
    const owner = await makeUser(t);
    const ann = await makeUser(t);
    const admin = await makeUser(t, { role: 'admin' });
    const post = await makePost(t, owner);
    const c = (await comment(ann, post.id, { body: 'Reported one' })).json() as CommentDto;
    await t.db.updateTable('comments').set({ moderation: 'hidden' }).where('id', '=', c.id).execute();
    expect(ids(await list(owner, post.id))).toEqual([]);
    expect(ids(await list(null, post.id))).toEqual([]);
    expect(ids(await list(ann, post.id))).toEqual([c.id]);
    expect(ids(await list(admin, post.id))).toEqual([c.id]);
    // Not a parent one may reply to.
    expect((await comment(owner, post.id, { body: 'Re', parent_id: c.id })).statusCode).toBe(400);

    await t.db.updateTable('posts').set({ moderation: 'hidden' }).where('id', '=', post.id).execute();
    expect((await list(ann, post.id)).statusCode).toBe(404);
    expect((await comment(ann, post.id, { body: 'Hi' })).statusCode).toBe(404);
    expect((await list(owner, post.id)).statusCode).toBe(200);
  });

  it('is reportable; a moderator’s hide takes it out of the thread', async () => {
    const owner = await makeUser(t);
    const [ann, ben] = [await makeUser(t), await makeUser(t)];
    const admin = await makeUser(t, { role: 'admin' });
    const post = await makePost(t, owner);
    const c = (await comment(ann, post.id, { body: 'Send fees to this number' })).json() as CommentDto;
    expect((await report(ben, c.id, 'scam')).statusCode).toBe(201);
    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/reports', headers: admin.auth });
    const group = (
      queue.json() as { id: number; target_type: string; target_id: number; preview: string }[]
    ).find((g) => g.target_type === 'comment' && g.target_id === c.id);
    expect(group?.preview).toBe('Send fees to this number');
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${group!.id}/resolve`,
      headers: admin.auth,
      payload: { action: 'hide' },
    });
    expect(resolved.statusCode).toBe(200);
    expect(ids(await list(ben, post.id))).toEqual([]);
    // A comment one cannot see cannot be reported.
    await block(owner, ben);
    const mine = (await comment(owner, post.id, { body: 'Owner here' })).json() as CommentDto;
    expect((await report(ben, mine.id, 'spam')).statusCode).toBe(404);
  });

  it('replays a comment sent again with the same Idempotency-Key', async () => {
    const owner = await makeUser(t);
    const post = await makePost(t, owner);
    const headers = { 'idempotency-key': 'comment-once-1' };
    const first = await comment(owner, post.id, { body: 'Only once' }, headers);
    const again = await comment(owner, post.id, { body: 'Only once' }, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(ids(await list(null, post.id))).toHaveLength(1);
  });

  it('goes with its author’s account, and the post’s count follows', async () => {
    const owner = await makeUser(t);
    const ann = await makeUser(t);
    const post = await makePost(t, owner);
    const top = (await comment(owner, post.id, { body: 'Owner first' })).json() as CommentDto;
    await comment(ann, post.id, { body: 'Ann here' });
    await comment(ann, post.id, { body: 'Ann replies', parent_id: top.id });
    expect((await postOf(null, post.id)).comment_count).toBe(3);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/users/${ann.id}`, headers: ann.auth });
    expect(gone.statusCode).toBe(204);
    expect(ids(await list(null, post.id))).toEqual([top.id]);
    expect((await postOf(null, post.id)).comment_count).toBe(1);
    expect(await t.db.selectFrom('comments').select('id').where('author_id', '=', ann.id).execute()).toEqual(
      [],
    );
  });

  describe('live commentAdded', () => {
    const socketOf = (token?: string): Promise<Client> =>
      new Promise((resolve, reject) => {
        const s: Client = connect(t.url, {
          transports: ['websocket'],
          reconnection: false,
          ...(token ? { auth: { token } } : {}),
        });
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      });
    const watch = (s: Client, postId: number) =>
      new Promise<boolean>((resolve) => s.emit('watch', 'post', postId, resolve));

    it('reaches the sockets watching the post, not others, nor a member blocked with the author', async () => {
      const owner = await makeUser(t);
      const [ann, ben, blockedOne] = [await makeUser(t), await makeUser(t), await makeUser(t)];
      const post = await makePost(t, owner);
      const other = await makePost(t, owner);
      await block(blockedOne, ann);
      const [watcher, visitor, elsewhere, blocked] = await Promise.all([
        socketOf(owner.token),
        socketOf(),
        socketOf(ben.token),
        socketOf(blockedOne.token),
      ]);
      try {
        expect(await watch(watcher, post.id)).toBe(true);
        expect(await watch(visitor, post.id)).toBe(true);
        expect(await watch(elsewhere, other.id)).toBe(true);
        expect(await watch(blocked, post.id)).toBe(true);
        expect(await watch(elsewhere, 2147483647)).toBe(false);
        let leaked = 0;
        elsewhere.on('commentAdded', () => leaked++);
        blocked.on('commentAdded', () => leaked++);
        const toWatcher = new Promise<CommentAddedEvent>((resolve) => watcher.once('commentAdded', resolve));
        const toVisitor = new Promise<CommentAddedEvent>((resolve) => visitor.once('commentAdded', resolve));
        const res = await comment(ann, post.id, { body: 'Live one' });
        expect(res.statusCode).toBe(201);
        const expected = { post_id: post.id, comment: { ...(res.json() as CommentDto), can_delete: false } };
        expect(await toWatcher).toEqual(expected);
        expect(await toVisitor).toEqual(expected);

        // After unwatch (acknowledged: the socket has left), nothing more arrives.
        await new Promise<void>((resolve) => visitor.emit('unwatch', 'post', post.id, resolve));
        let late = 0;
        visitor.on('commentAdded', () => late++);
        const again = new Promise<CommentAddedEvent>((resolve) => watcher.once('commentAdded', resolve));
        await comment(ann, post.id, { body: 'Second' });
        await again;
        await new Promise((r) => setTimeout(r, 100));
        expect(leaked).toBe(0);
        expect(late).toBe(0);
      } finally {
        for (const s of [watcher, visitor, elsewhere, blocked]) s.disconnect();
      }
    });

    it('refuses to watch a post the member may not see', async () => {
      const owner = await makeUser(t);
      const ann = await makeUser(t);
      const post = await makePost(t, owner);
      await block(owner, ann);
      const s = await socketOf(ann.token);
      try {
        expect(await watch(s, post.id)).toBe(false);
        // Nonsense is refused without touching the database.
        const ask = (kind: unknown, id: unknown) =>
          new Promise<boolean>((resolve) => s.emit('watch', kind as 'post', id as number, resolve));
        expect(await ask('job', post.id)).toBe(false);
        expect(await ask('post', -1)).toBe(false);
        expect(await ask('post', 'one')).toBe(false);
        await t.db.updateTable('posts').set({ moderation: 'hidden' }).where('id', '=', post.id).execute();
        const anon = await socketOf();
        expect(await watch(anon, post.id)).toBe(false);
        anon.disconnect();
      } finally {
        s.disconnect();
      }
    });
  });
});
