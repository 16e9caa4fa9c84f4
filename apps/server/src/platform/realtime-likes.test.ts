import { ID_MAX, WATCH_POSTS_MAX, type ClientToServerEvents, type ServerToClientEvents } from '@jamii/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { makePost, makeUser } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

// docs/web-performance.md: like events only to the sockets showing that post. A socket that says which posts it
// shows (`watchPosts`) gets `likeUpdated` for those only; one that never says gets every one, as
// before (DESIGN: public events such as likeUpdated reach anonymous sockets).
// Delivery order on one socket is kept, so "nothing for post 5" is proven by the next event to
// arrive being the one for a shown post, not by waiting.

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const clients: Client[] = [];

afterEach(() => {
  for (const socket of clients.splice(0)) socket.disconnect();
});

describe('likeUpdated goes to the sockets showing the post', () => {
  const t = useTestApp({ listen: true });

  function open(): Promise<Client> {
    return new Promise((resolve, reject) => {
      const socket: Client = connect(t.url, { transports: ['websocket'], reconnection: false });
      clients.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }
  const nextLike = (socket: Client) =>
    new Promise<number>((resolve) => socket.once('likeUpdated', ({ id }) => resolve(id)));
  const likes = (socket: Client, count: number) =>
    new Promise<number[]>((resolve) => {
      const ids: number[] = [];
      const listener = ({ id }: { id: number }) => {
        ids.push(id);
        if (ids.length === count) {
          socket.off('likeUpdated', listener);
          resolve(ids);
        }
      };
      socket.on('likeUpdated', listener);
    });
  const watchPosts = (socket: Client, ids: unknown) =>
    new Promise<boolean>((resolve) => socket.emit('watchPosts', ids as number[], resolve));
  /** Four posts of one author; each `like` is a new member's, so each one changes the count. */
  async function posts(): Promise<[number, number, number, number]> {
    const author = await makeUser(t);
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => makePost(t, author)));
    return [a!.id, b!.id, c!.id, d!.id];
  }
  async function like(postId: number) {
    const liker = await makeUser(t);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/like`,
      headers: liker.auth,
    });
    expect(answer.statusCode).toBe(200);
  }

  it('sends a declared socket its posts’ events only, and an undeclared one every event', async () => {
    const [a, b, c, d] = await posts();
    const [declared, legacy] = await Promise.all([open(), open()]);
    expect(await watchPosts(declared, [b, d, b])).toBe(true);
    const toDeclared = likes(declared, 2);
    const toLegacy = likes(legacy, 4);
    for (const id of [a, b, c, d]) await like(id);
    expect(await toDeclared).toEqual([b, d]);
    expect(await toLegacy).toEqual([a, b, c, d]);
  });

  it('replaces the list on each call; an empty list means no like events', async () => {
    const [a, b, c] = await posts();
    const socket = await open();
    expect(await watchPosts(socket, [a])).toBe(true);
    expect(await watchPosts(socket, [b])).toBe(true);
    let received = nextLike(socket);
    await like(a);
    await like(b);
    expect(await received).toBe(b);

    expect(await watchPosts(socket, [])).toBe(true);
    const quiet = await open();
    const other = nextLike(quiet);
    await like(b);
    // The undeclared socket got that like; the one showing nothing did not (its next is c's).
    expect(await other).toBe(b);
    expect(await watchPosts(socket, [c])).toBe(true);
    received = nextLike(socket);
    await like(c);
    expect(await received).toBe(c);
  });

  it(`refuses more than ${WATCH_POSTS_MAX} ids and anything but post ids, keeping what the socket had`, async () => {
    const [a, b, c, d] = await posts();
    const socket = await open();
    // Ids no post of this test has: the four are made at once, so on PostgreSQL a may come after b.
    const above = Math.max(a, b, c, d);
    const tooMany = Array.from({ length: WATCH_POSTS_MAX + 1 }, (_, i) => above + 1 + i);
    for (const bad of [tooMany, [1.5], ['3'], [0], [-4], [ID_MAX + 1], [null], '7', { 0: 7 }, 7]) {
      expect(await watchPosts(socket, bad)).toBe(false);
    }
    // Still undeclared: every event.
    let received = nextLike(socket);
    await like(a);
    expect(await received).toBe(a);

    // Exactly the most: taken; a bad list afterwards leaves it as it was.
    expect(await watchPosts(socket, [b, ...tooMany.slice(0, WATCH_POSTS_MAX - 1)])).toBe(true);
    expect(await watchPosts(socket, [a, 'x'])).toBe(false);
    received = nextLike(socket);
    await like(a);
    await like(b);
    expect(await received).toBe(b);
  });

  it('lets signed-in and anonymous sockets declare alike', async () => {
    const [a, b] = await posts();
    const member = await makeUser(t);
    const signedIn = await new Promise<Client>((resolve, reject) => {
      const socket: Client = connect(t.url, {
        transports: ['websocket'],
        reconnection: false,
        auth: { token: member.token },
      });
      clients.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
    expect(await watchPosts(signedIn, [b])).toBe(true);
    const received = nextLike(signedIn);
    await like(a);
    await like(b);
    expect(await received).toBe(b);
  });
});
