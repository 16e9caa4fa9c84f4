import {
  ALL_LIKES_ROOM,
  ID_MAX,
  postLikesRoom,
  SOCKET_PATH,
  SOCKET_UNAUTHORIZED,
  userRoom,
  WATCH_KINDS,
  WATCH_MAX,
  WATCH_RATE,
  WATCH_POSTS_MAX,
  type WatchKind,
  type ClientToServerEvents,
  type RealtimeEvent,
  type RealtimeEventMap,
  type ServerToClientEvents,
} from '@jamii/shared';
import { createRequire } from 'node:module';
import type * as RedisAdapter from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { closeRedis, settleFireAndForget, watchConnection } from './redis';
import type { AccessTokens } from './tokens';
import {
  createWatchAllowance,
  createWatchChecks,
  parseWatchRoom,
  watchRoom,
  type CanWatch,
} from './watch-checks';
import { recheckHere, type Recheck } from './watch-rechecks';

export type { CanWatch } from './watch-checks';

// Live events over Socket.IO on the same origin and port as the API (docs/design.md#stack-and-why, docs/design.md#api-conventions).

interface SocketData {
  /** The member of a valid handshake token; null for an anonymous socket. */
  userId: number | null;
  /** The login of that token: ending it disconnects the socket. */
  sessionId: string | null;
}

/** How many `watch` checks one socket may have under way at once. */
const WATCH_CHECKS_AT_ONCE = 5;

/** The sockets of one login, on every instance. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** Between instances: a change every instance re-checks its own sockets for. */
interface ServerSideEvents {
  recheck: (change: Recheck) => void;
}

type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;

/** What features use, after their transaction has committed (STYLE rule 11). */
export interface RealtimeEvents {
  /** To every connected socket, signed in or not: public events only. */
  emitToAll<E extends RealtimeEvent>(event: E, payload: RealtimeEventMap[E]): void;
  /**
   * A post's public event (its like count) to the sockets showing it (`watchPosts`) and to those
   * that never said what they show, on every instance; each socket gets it once.
   */
  emitToPostViewers<E extends RealtimeEvent>(postId: number, event: E, payload: RealtimeEventMap[E]): void;
  /** To every socket of one member (all their tabs and devices, on every instance). */
  emitToUser<E extends RealtimeEvent>(userId: number, event: E, payload: RealtimeEventMap[E]): void;
  /** Disconnects the sockets of one login (logout, a reused refresh token), on every instance. */
  endSession(sessionId: string): void;
  /** Disconnects every socket of one member (a password reset), on every instance. */
  endUserSessions(userId: number): void;
  /**
   * To the sockets watching one thing (`watch` from the client), except those of the members
   * listed (a blocked pair), on every instance.
   */
  emitToWatchers<E extends RealtimeEvent>(
    kind: WatchKind,
    id: number,
    event: E,
    payload: RealtimeEventMap[E],
    exceptUserIds?: readonly number[],
  ): void;
  /** A feature says who may watch its things (a post: whoever may see it); none: nobody may. */
  allowWatching(kind: WatchKind, canWatch: CanWatch): void;
  /**
   * The things changed (hidden, held, approved; their author suspended or restored): every socket
   * watching them, on every instance, is checked again and leaves the rooms it may no longer watch.
   */
  recheckThings(kind: WatchKind, ids: readonly number[]): void;
  /** What these members may see changed (a block, an unblock, a role): their sockets are checked again. */
  recheckMembers(userIds: readonly number[]): void;
}

export interface RealtimeOptions {
  tokens: AccessTokens;
  /** Whether a token's login is still open (not logged out, not ended by a password reset). */
  isSessionOpen: (userId: number, sessionId: string) => Promise<boolean>;
  /**
   * With REDIS_URL set, events fan out through Redis to the sockets of every instance. Without it,
   * they reach the sockets of this process only (one instance, or tests).
   */
  redis?: Redis | undefined;
  /** The site's address (PUBLIC_URL): a browser's handshake must come from it or from the host it calls. */
  publicUrl?: string;
  /** websocket alone behind a balancer without sticky sessions; polling first otherwise. */
  transports?: ('polling' | 'websocket')[];
}

/**
 * A browser always names the page's Origin on a WebSocket or polling handshake, and a cross-site
 * page cannot forge it: only our own origin (PUBLIC_URL, or the host the socket is opened on) may
 * open a socket. Clients without an Origin (native apps, tests) are not browsers and are let through;
 * they still need a valid token to receive anything of a member.
 */
export function isOwnOrigin(origin: string | undefined, host: string | undefined, publicUrl?: string) {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl && parsed.origin === new URL(publicUrl).origin) return true;
  return (
    host !== undefined &&
    (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
    parsed.host === host
  );
}

/**
 * Attaches Socket.IO to the app's HTTP server (at /socket.io, before Fastify sees the request) and
 * answers the typed emitters. Sockets are disconnected when the app closes.
 */
export function attachRealtime(app: FastifyInstance, opts: RealtimeOptions) {
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    transports: opts.transports ?? ['polling', 'websocket'],
    // Clients send only small `watch` events, so a large frame can only be abuse.
    maxHttpBufferSize: 16 * 1024,
    allowRequest: (req, callback) =>
      callback(null, isOwnOrigin(req.headers.origin, req.headers.host, opts.publicUrl)),
  });

  const adapterLinks = opts.redis ? useRedisAdapter(io, opts.redis, app.log) : undefined;

  // The handshake carries the access token (`auth: { token }`). No token: an anonymous socket that
  // gets public events. A bad or expired token is refused, so the client refreshes and reconnects
  // rather than silently missing its own events. A token of an ended login is refused too.
  io.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    socket.data.userId = null;
    socket.data.sessionId = null;
    if (token === undefined || token === null || token === '') return next();
    if (typeof token !== 'string') return next(unauthorizedSocket());
    const authenticate = async () => {
      const claims = await opts.tokens.verify(token);
      if (!claims || !(await opts.isSessionOpen(claims.userId, claims.sessionId))) return false;
      socket.data.userId = claims.userId;
      socket.data.sessionId = claims.sessionId;
      return true;
    };
    authenticate().then(
      (ok) => next(ok ? undefined : unauthorizedSocket()),
      (err: unknown) => {
        app.log.warn({ err }, 'socket handshake could not be checked');
        next(unauthorizedSocket());
      },
    );
  });

  const checks = createWatchChecks();
  const recheck = (change: Recheck) =>
    recheckHere(io.of('/'), checks, change, app.log).catch((err: unknown) =>
      app.log.warn({ err }, 'watch re-check failed'),
    );
  // Another instance's change: this one re-checks the sockets it holds.
  io.on('recheck', (change) => void recheck(change));
  const isWatchKind = (kind: unknown): kind is WatchKind =>
    typeof kind === 'string' && (WATCH_KINDS as readonly string[]).includes(kind);
  const isId = (id: unknown): id is number =>
    Number.isInteger(id) && (id as number) > 0 && (id as number) <= ID_MAX;

  io.on('connection', (socket) => {
    const { userId, sessionId } = socket.data;
    if (userId !== null && sessionId !== null) {
      void socket.join([userRoom(userId), sessionRoom(sessionId)]);
    }
    // Until it says which posts it shows, a socket gets every like event (DESIGN: likeUpdated is
    // public; a client that never declares keeps working).
    void socket.join(ALL_LIKES_ROOM);
    let showing: string[] = [];
    socket.on('watchPosts', (ids, ack) => {
      const answer = (ok: boolean) => {
        if (typeof ack === 'function') ack(ok);
      };
      if (!Array.isArray(ids) || ids.length > WATCH_POSTS_MAX || !ids.every(isId)) return answer(false);
      const rooms = [...new Set(ids.map(postLikesRoom))];
      const kept = new Set<string>(rooms);
      for (const room of showing) if (!kept.has(room)) void socket.leave(room);
      void socket.leave(ALL_LIKES_ROOM);
      void socket.join(rooms);
      showing = rooms;
      answer(true);
    });
    const allowance = createWatchAllowance();
    /** Checks under way: a client flooding `watch` gets refusals, not database work. */
    let checking = 0;
    const watchCount = () => [...socket.rooms].filter((room) => parseWatchRoom(room) !== null).length;
    // A client watches what it shows (a post's open comments); the feature decides who may.
    socket.on('watch', (kind, id, ack) => {
      const answer = (ok: boolean) => {
        if (typeof ack === 'function') ack(ok);
      };
      const allowed = allowance();
      if (allowed === 'abuse') {
        app.log.warn({ userId: socket.data.userId, limit: WATCH_RATE }, 'socket disconnected: watch flood');
        socket.disconnect(true);
        return;
      }
      if (allowed === 'ignored') return;
      if (allowed === 'refused') return answer(false);
      if (!isWatchKind(kind) || !checks.has(kind) || !isId(id) || checking >= WATCH_CHECKS_AT_ONCE)
        return answer(false);
      const room = watchRoom(kind, id);
      if (!socket.rooms.has(room) && watchCount() >= WATCH_MAX) return answer(false);
      checking++;
      const ask = async () => {
        // A block or a hide committed while the check was under way: its answer may be old.
        for (let tries = 0; tries < 3; tries++) {
          const epoch = checks.epoch;
          const pending = checks.check(kind, id, socket.data.userId);
          if (pending === null) return false;
          const ok = await pending;
          if (checks.epoch === epoch) return ok;
        }
        return false;
      };
      ask()
        .finally(() => checking--)
        .then(
          (ok) => {
            if (ok && socket.connected) void socket.join(room);
            answer(ok);
          },
          (err: unknown) => {
            app.log.warn({ err, kind, id }, 'watch could not be checked');
            answer(false);
          },
        );
    });
    socket.on('unwatch', (kind, id, ack) => {
      const done = () => {
        if (typeof ack === 'function') ack();
      };
      if (!isWatchKind(kind) || !isId(id)) return done();
      const room = watchRoom(kind, id);
      void Promise.resolve(socket.leave(room)).then(done, done);
    });
  });

  // Open sockets would hold the HTTP server's close() forever.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    // io.close() also closes the HTTP server, which Fastify has already closed: harmless.
    await io.close();
    if (adapterLinks) await Promise.all(adapterLinks.map(closeRedis));
  });

  const events: RealtimeEvents = {
    emitToAll(event, payload) {
      // Socket.IO's typed emit cannot relate a generic event name to its payload type.
      (io.emit as (e: string, p: unknown) => boolean).call(io, event, payload);
    },
    emitToPostViewers(postId, event, payload) {
      const rooms = io.to([postLikesRoom(postId), ALL_LIKES_ROOM]);
      (rooms.emit as (e: string, p: unknown) => boolean).call(rooms, event, payload);
    },
    emitToUser(userId, event, payload) {
      const room = io.to(userRoom(userId));
      (room.emit as (e: string, p: unknown) => boolean).call(room, event, payload);
    },
    endSession(sessionId) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    endUserSessions(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    emitToWatchers(kind, id, event, payload, exceptUserIds = []) {
      const room = io.to(watchRoom(kind, id)).except(exceptUserIds.map(userRoom));
      (room.emit as (e: string, p: unknown) => boolean).call(room, event, payload);
    },
    allowWatching(kind, canWatch) {
      checks.allow(kind, canWatch);
    },
    recheckThings(kind, ids) {
      if (ids.length === 0) return;
      const change: Recheck = { things: { kind, ids: [...ids] } };
      void recheck(change);
      if (adapterLinks) io.serverSideEmit('recheck', change);
    },
    recheckMembers(userIds) {
      if (userIds.length === 0) return;
      const change: Recheck = { members: [...userIds] };
      void recheck(change);
      if (adapterLinks) io.serverSideEmit('recheck', change);
    },
  };
  return { io, events };
}

/**
 * Fans events out through Redis on two connections of their own: a subscribed connection can do
 * nothing else, and the publisher must not share the request limits' connection. While Redis is
 * down, events still reach this instance's sockets (the adapter delivers locally first); a publish
 * is dropped rather than failing, the subscriber waits for Redis and subscribes again when it is back.
 */
function useRedisAdapter(io: RealtimeServer, redis: Redis, log: FastifyBaseLogger) {
  const publisher = redis.duplicate();
  // Subscriptions queue until Redis answers and are renewed after each reconnection.
  const subscriber = redis.duplicate({
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
  });
  watchConnection(publisher, log, 'redis publisher');
  watchConnection(subscriber, log, 'redis subscriber');
  // The adapter calls these without handling their failure.
  const ignore = () => undefined;
  settleFireAndForget(publisher, ['publish'], ignore);
  settleFireAndForget(subscriber, ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'], ignore);
  // Loaded only with Redis (some 10 MB of memory otherwise spent for nothing).
  const { createAdapter } = createRequire(import.meta.url)('@socket.io/redis-adapter') as typeof RedisAdapter;
  io.adapter(createAdapter(publisher, subscriber, { key: 'jamii-io' }));
  return [publisher, subscriber];
}

function unauthorizedSocket() {
  const err = new Error(SOCKET_UNAUTHORIZED) as Error & { data?: unknown };
  err.data = { code: SOCKET_UNAUTHORIZED, message: 'Please log in again' };
  return err;
}
