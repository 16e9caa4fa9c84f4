import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SOCKET_UNAUTHORIZED, type ServerToClientEvents } from '@jamii/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { attachRealtime, type RealtimeEvents } from './realtime';
import { createAccessTokens } from './tokens';

const tokens = createAccessTokens('realtime-test-secret-that-is-long-enough');
/** Logins the stand-in session store reports as ended. */
const endedSessions = new Set<string>();
const signFor = (userId: number, sessionId: string = randomUUID()) => tokens.sign(userId, sessionId);
type Client = Socket<ServerToClientEvents, Record<string, never>>;

async function startServer() {
  const app = Fastify({ logger: false, forceCloseConnections: 'idle' });
  const { events } = attachRealtime(app, {
    tokens,
    isSessionOpen: async (_userId, sessionId) => !endedSessions.has(sessionId),
  });
  app.get('/api/health', async () => ({ status: 'ok' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, events, url };
}

const clients: Client[] = [];
function open(url: string, auth?: { token: string }): Client {
  const socket: Client = connect(url, { transports: ['websocket'], reconnection: false, auth });
  clients.push(socket);
  return socket;
}
// A socket may connect while the test is still signing the next token.
const connected = (socket: Client) =>
  new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
const nextLike = (socket: Client) =>
  new Promise<unknown>((resolve) => socket.once('likeUpdated', (payload) => resolve(payload)));
const nothingWithin = (socket: Client, ms: number) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(true), ms);
    socket.once('likeUpdated', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });

afterEach(() => {
  for (const socket of clients.splice(0)) socket.disconnect();
});

describe('realtime (Socket.IO on the app server)', () => {
  let server: { app: FastifyInstance; events: RealtimeEvents; url: string };
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.app.close());

  it('lets anonymous sockets connect and receive public events', async () => {
    const anonymous = open(server.url);
    await connected(anonymous);
    const received = nextLike(anonymous);
    server.events.emitToAll('likeUpdated', { type: 'post', id: 7, likes: 3 });
    expect(await received).toEqual({ type: 'post', id: 7, likes: 3 });
  });

  it('puts a signed-in socket in its member’s room, and only there', async () => {
    const ann = open(server.url, { token: await signFor(41) });
    const ben = open(server.url, { token: await signFor(42) });
    const anonymous = open(server.url);
    await Promise.all([connected(ann), connected(ben), connected(anonymous)]);
    const toAnn = nextLike(ann);
    const benQuiet = nothingWithin(ben, 300);
    const anonymousQuiet = nothingWithin(anonymous, 300);
    server.events.emitToUser(41, 'likeUpdated', { type: 'post', id: 1, likes: 1 });
    expect(await toAnn).toEqual({ type: 'post', id: 1, likes: 1 });
    expect(await benQuiet).toBe(true);
    expect(await anonymousQuiet).toBe(true);
  });

  it('refuses a bad or expired token with UNAUTHORIZED', async () => {
    for (const token of ['not-a-token', (await signFor(5)).slice(0, -3) + 'abc']) {
      const socket = open(server.url, { token });
      const error = await new Promise<Error & { data?: { code?: string } }>((resolve) =>
        socket.once('connect_error', resolve),
      );
      expect(error.message).toBe(SOCKET_UNAUTHORIZED);
      expect(error.data?.code).toBe(SOCKET_UNAUTHORIZED);
    }
  });

  it('refuses a token whose login has ended', async () => {
    const sessionId = randomUUID();
    endedSessions.add(sessionId);
    const socket = open(server.url, { token: await signFor(6, sessionId) });
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error.message).toBe(SOCKET_UNAUTHORIZED);
  });

  it('disconnects the sockets of one login when it ends, and every socket of a member on request', async () => {
    const loggedOutSession = randomUUID();
    const [loggedOut, otherLogin, otherMember] = [
      open(server.url, { token: await signFor(51, loggedOutSession) }),
      open(server.url, { token: await signFor(51) }),
      open(server.url, { token: await signFor(52) }),
    ];
    await Promise.all([connected(loggedOut), connected(otherLogin), connected(otherMember)]);
    const firstGone = new Promise<string>((resolve) => loggedOut.once('disconnect', resolve));
    server.events.endSession(loggedOutSession);
    expect(await firstGone).toBe('io server disconnect');
    // The member's other login still gets their events; then a reset ends it too.
    const toOther = nextLike(otherLogin);
    server.events.emitToUser(51, 'likeUpdated', { type: 'post', id: 2, likes: 2 });
    expect(await toOther).toEqual({ type: 'post', id: 2, likes: 2 });
    const secondGone = new Promise<string>((resolve) => otherLogin.once('disconnect', resolve));
    server.events.endUserSessions(51);
    expect(await secondGone).toBe('io server disconnect');
    expect(otherMember.connected).toBe(true);
  });

  it('leaves every other path to Fastify', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('disconnects its sockets when the app closes', async () => {
    const own = await startServer();
    const socket = open(own.url, { token: await signFor(9) });
    await connected(socket);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await own.app.close();
    expect(await disconnected).toBeTruthy();
  });
});

// Across instances (the Redis adapter) is proven with two real server processes in
// apps/server/test/cluster.test.ts.
