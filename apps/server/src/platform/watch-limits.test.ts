import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  WATCH_RATE,
  type ClientToServerEvents,
  type CommentAddedEvent,
  type ServerToClientEvents,
  type WatchEndedEvent,
} from '@jamii/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { attachRealtime, type RealtimeEvents } from './realtime';
import { createAccessTokens } from './tokens';

// `watch` is limited per socket and its checks are cached; a change re-checks the sockets it
// concerns. The rule here is a stand-in the test switches; the features' real rules are proven
// in their own tests (comments, blocks, moderation, users).

const tokens = createAccessTokens('watch-limits-test-secret-long-enough');
type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Who may not watch what (`7:12`: member 7 may not watch post 12; `0:12`: visitors). */
const refused = new Set<string>();
let guardCalls = 0;

let app: FastifyInstance;
let events: RealtimeEvents;
let url: string;
beforeAll(async () => {
  app = Fastify({ logger: false, forceCloseConnections: 'idle' });
  ({ events } = attachRealtime(app, { tokens, isSessionOpen: async () => true }));
  events.allowWatching('post', async (userId, id) => {
    guardCalls++;
    return !refused.has(`${userId ?? 0}:${id}`);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

const clients: Client[] = [];
afterEach(() => {
  for (const socket of clients.splice(0)) socket.disconnect();
  refused.clear();
});

async function open(userId?: number): Promise<Client> {
  const auth = userId === undefined ? {} : { token: await tokens.sign(userId, randomUUID()) };
  const socket: Client = connect(url, { transports: ['websocket'], reconnection: false, auth });
  clients.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
const watch = (socket: Client, id: number) =>
  new Promise<boolean>((resolve) => socket.emit('watch', 'post', id, resolve));
const ended = (socket: Client) =>
  new Promise<WatchEndedEvent>((resolve) => socket.once('watchEnded', resolve));
const comment = (postId: number, id: number): CommentAddedEvent =>
  ({ post_id: postId, comment: { id } }) as unknown as CommentAddedEvent;
const nextComment = (socket: Client) =>
  new Promise<number>((resolve) => socket.once('commentAdded', (e) => resolve(e.comment.id)));

describe('watch limits', () => {
  it(`accepts ${WATCH_RATE.max} watches within ${WATCH_RATE.windowMs / 1000} s and refuses the next without checking`, async () => {
    const socket = await open();
    const answers: boolean[] = [];
    for (let id = 1; id <= WATCH_RATE.max; id++) answers.push(await watch(socket, 1000 + id));
    expect(answers).toEqual(Array(WATCH_RATE.max).fill(true));
    const before = guardCalls;
    // Refused, and nothing was asked of the rule (the next ones are not answered at all).
    expect(await watch(socket, 5000)).toBe(false);
    expect(guardCalls).toBe(before);
    // Another socket has its own allowance.
    expect(await watch(await open(), 5000)).toBe(true);
  });

  it('disconnects a socket that keeps sending far beyond the limit', async () => {
    const socket = await open(99);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    for (let i = 0; i < WATCH_RATE.max * 3 + 1; i++) socket.emit('watch', 'post', 7000 + i);
    expect(await gone).toBe('io server disconnect');
  });

  it('asks the rule once for many sockets watching the same thing', async () => {
    const sockets = await Promise.all(Array.from({ length: 12 }, () => open()));
    const before = guardCalls;
    expect(await Promise.all(sockets.map((s) => watch(s, 8001)))).toEqual(Array(12).fill(true));
    expect(guardCalls - before).toBe(1);
  });
});

describe('re-checks', () => {
  it('takes a member out of the rooms they may no longer watch (a block), and refuses them again', async () => {
    const blocked = await open(7);
    const other = await open(8);
    expect(await watch(blocked, 12)).toBe(true);
    expect(await watch(blocked, 13)).toBe(true);
    expect(await watch(other, 12)).toBe(true);
    refused.add('7:12');
    const told = ended(blocked);
    events.recheckMembers([7]);
    expect(await told).toEqual({ kind: 'post', id: 12 });
    let leaked = 0;
    blocked.on('commentAdded', (e) => e.post_id === 12 && leaked++);
    const toOther = nextComment(other);
    const stillWatched = nextComment(blocked);
    events.emitToWatchers('post', 12, 'commentAdded', comment(12, 1));
    events.emitToWatchers('post', 13, 'commentAdded', comment(13, 2));
    expect(await toOther).toBe(1);
    expect(await stillWatched).toBe(2);
    expect(leaked).toBe(0);
    // Asking again is refused: the cached yes was forgotten.
    expect(await watch(blocked, 12)).toBe(false);
  });

  it('takes every socket watching a thing that was hidden out of its room, visitors included', async () => {
    const [visitor, member, author] = await Promise.all([open(), open(21), open(22)]);
    for (const s of [visitor, member, author]) expect(await watch(s, 40)).toBe(true);
    refused.add('0:40');
    refused.add('21:40');
    const told = [ended(visitor), ended(member)];
    events.recheckThings('post', [40]);
    expect(await Promise.all(told)).toEqual([
      { kind: 'post', id: 40 },
      { kind: 'post', id: 40 },
    ]);
    let leaked = 0;
    for (const s of [visitor, member]) s.on('commentAdded', () => leaked++);
    const toAuthor = nextComment(author);
    events.emitToWatchers('post', 40, 'commentAdded', comment(40, 3));
    expect(await toAuthor).toBe(3);
    expect(leaked).toBe(0);
    expect(await watch(visitor, 40)).toBe(false);
    // Shown again (approved): the refusal is forgotten and the watch is taken.
    refused.clear();
    events.recheckThings('post', [40]);
    expect(await watch(visitor, 40)).toBe(true);
  });
});
