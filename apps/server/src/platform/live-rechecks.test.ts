import type {
  ClientToServerEvents,
  CommentAddedEvent,
  ServerToClientEvents,
  WatchEndedEvent,
} from '@jamii/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { makePost, makeUser } from '../test/factories';
import { injectCaller, useTestApp } from '../test/use-test-app';

// Live events are re-checked: a block, a moderator's hide, the shield's hold, a suspension or an
// account deletion takes the sockets concerned out of the rooms they may no longer watch, and a
// watch asked again is refused.

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Member = Awaited<ReturnType<typeof makeUser>>;

describe('live events are re-checked', () => {
  const t = useTestApp({ listen: true });
  const call = injectCaller(t);
  const sockets: Client[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });

  const socketOf = (member?: Member): Promise<Client> =>
    new Promise((resolve, reject) => {
      const s: Client = connect(t.url, {
        transports: ['websocket'],
        reconnection: false,
        ...(member ? { auth: { token: member.token } } : {}),
      });
      sockets.push(s);
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  const watch = (s: Client, postId: number) =>
    new Promise<boolean>((resolve) => s.emit('watch', 'post', postId, resolve));
  const ended = (s: Client) => new Promise<WatchEndedEvent>((resolve) => s.once('watchEnded', resolve));
  const disconnected = (s: Client) => new Promise<string>((resolve) => s.once('disconnect', resolve));
  const nextComment = (s: Client) =>
    new Promise<CommentAddedEvent>((resolve) => s.once('commentAdded', resolve));
  const comment = (who: Member, postId: number, body: string) =>
    call('POST', `/api/posts/${postId}/comments`, who.auth, { body });

  it("takes a blocked member's socket out of the blocker's post: no more live comments, and no re-watch", async () => {
    const [owner, blocked, friend] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    const post = await makePost(t, owner);
    const [blockedSocket, friendSocket] = await Promise.all([socketOf(blocked), socketOf(friend)]);
    expect(await watch(blockedSocket, post.id)).toBe(true);
    expect(await watch(friendSocket, post.id)).toBe(true);

    const told = ended(blockedSocket);
    expect((await call('POST', `/api/users/${blocked.username}/block`, owner.auth)).statusCode).toBe(200);
    expect(await told).toEqual({ kind: 'post', id: post.id });

    let leaked = 0;
    blockedSocket.on('commentAdded', () => leaked++);
    const toFriend = nextComment(friendSocket);
    expect((await comment(friend, post.id, 'Hongera!')).statusCode).toBe(201);
    expect((await toFriend).comment.body).toBe('Hongera!');
    expect(leaked).toBe(0);
    expect(await watch(blockedSocket, post.id)).toBe(false);
  });

  it('works the other way too: the member who blocks stops watching the blocked one’s post', async () => {
    const [author, blocker] = [await makeUser(t), await makeUser(t)];
    const post = await makePost(t, author);
    const socket = await socketOf(blocker);
    expect(await watch(socket, post.id)).toBe(true);
    const told = ended(socket);
    expect((await call('POST', `/api/users/${author.username}/block`, blocker.auth)).statusCode).toBe(200);
    expect(await told).toEqual({ kind: 'post', id: post.id });
    // Unblocked: the refusal is forgotten at once.
    expect((await call('DELETE', `/api/users/${author.username}/block`, blocker.auth)).statusCode).toBe(200);
    expect(await watch(socket, post.id)).toBe(true);
  });

  it('takes every socket but the author’s out of a post moderators hide', async () => {
    const [author, reader, reporter] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    const admin = await makeUser(t, { role: 'admin' });
    const post = await makePost(t, author);
    const [visitor, member, own] = await Promise.all([socketOf(), socketOf(reader), socketOf(author)]);
    for (const s of [visitor, member, own]) expect(await watch(s, post.id)).toBe(true);

    const report = await call('POST', '/api/reports', reporter.auth, {
      target_type: 'post',
      target_id: post.id,
      reason: 'spam',
    });
    expect(report.statusCode).toBe(201);
    const told = [ended(visitor), ended(member)];
    let authorTold = 0;
    own.on('watchEnded', () => authorTold++);
    const resolved = await call('POST', `/api/admin/reports/${report.json().id}/resolve`, admin.auth, {
      action: 'hide',
    });
    expect(resolved.statusCode).toBe(200);
    expect(await Promise.all(told)).toEqual([
      { kind: 'post', id: post.id },
      { kind: 'post', id: post.id },
    ]);
    expect(await watch(visitor, post.id)).toBe(false);
    expect(await watch(member, post.id)).toBe(false);
    // The author still sees their hidden post, and still watches it.
    expect(await watch(own, post.id)).toBe(true);
    expect(authorTold).toBe(0);
  });

  it('takes the watchers out of a post the shield holds after an edit', async () => {
    const [author, reader] = [await makeUser(t), await makeUser(t)];
    const post = await makePost(t, author);
    const socket = await socketOf(reader);
    expect(await watch(socket, post.id)).toBe(true);
    const told = ended(socket);
    const edited = await call('PATCH', `/api/posts/${post.id}`, author.auth, {
      content: 'Pay KSh 2,000 security fee first. Send to M-Pesa 0722 000 111 and WhatsApp me only.',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().risk.level).toBe('high');
    expect(await told).toEqual({ kind: 'post', id: post.id });
    expect(await watch(socket, post.id)).toBe(false);
  });

  it("disconnects a suspended member's sockets and takes the watchers out of the member's posts", async () => {
    const [member, reader] = [await makeUser(t), await makeUser(t)];
    const admin = await makeUser(t, { role: 'admin' });
    const post = await makePost(t, member);
    const [own, readerSocket, visitor] = await Promise.all([socketOf(member), socketOf(reader), socketOf()]);
    for (const s of [readerSocket, visitor]) expect(await watch(s, post.id)).toBe(true);
    const closed = disconnected(own);
    const told = [ended(readerSocket), ended(visitor)];
    const res = await call('POST', `/api/admin/users/${member.username.slice(1)}/suspend`, admin.auth, {
      reason: 'Scam adverts',
    });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect((await Promise.all(told)).map((e) => e.id)).toEqual([post.id, post.id]);
    expect(await watch(visitor, post.id)).toBe(false);
    // Restored: their post may be watched again at once.
    const restored = await call('POST', `/api/admin/users/${member.username.slice(1)}/restore`, admin.auth);
    expect(restored.statusCode).toBe(200);
    expect(await watch(visitor, post.id)).toBe(true);
  });

  it("disconnects a deleted account's sockets; its token opens none again", async () => {
    const member = await makeUser(t);
    const post = await makePost(t, await makeUser(t));
    const socket = await socketOf(member);
    expect(await watch(socket, post.id)).toBe(true);
    const closed = disconnected(socket);
    expect((await call('DELETE', `/api/users/${member.id}`, member.auth)).statusCode).toBe(204);
    expect(await closed).toBe('io server disconnect');
    await expect(socketOf(member)).rejects.toThrow('UNAUTHORIZED');
  });
});
