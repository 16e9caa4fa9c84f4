import {
  SOCKET_PATH,
  SOCKET_UNAUTHORIZED,
  WATCH_POSTS_MAX,
  WATCH_RATE,
  WEBSOCKET_ONLY_TIMING,
  type RealtimeEvent,
  type RealtimeEventMap,
  type WatchKind,
} from '@jamii/shared';
import { useEffect, useRef, useState } from 'react';
import { getStoredToken } from './api';
import { authStore } from './auth';
import { isDataSaverOn } from './data-saver';
import { logError } from './log';

/**
 * Live events (docs/design.md#stack-and-why: Socket.IO on the same origin). One connection for the whole app, opened
 * when the first screen listens and closed a little after the last one stops, so a member who is
 * not looking at anything live pays no data for it. The handshake carries the access token, read
 * afresh at every (re)connection; without one the socket is anonymous and gets public events only.
 */

/** The little of a Socket.IO client socket used here; tests hand in a stand-in. */
export interface RealtimeSocket {
  connected: boolean;
  connect(): unknown;
  disconnect(): unknown;
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'connect_error', listener: (error: Error) => void): unknown;
  on(event: 'disconnect', listener: (reason: string) => void): unknown;
  onAny(listener: (event: string, ...args: unknown[]) => void): unknown;
  /** Sends `watch` / `unwatch` for a thing shown on screen (a post's open comments). */
  emit?(event: string, ...args: unknown[]): unknown;
}

/** Opens (and connects) the socket; `handleAuth` gives the handshake its `auth` each attempt. */
export type SocketFactory = (
  handleAuth: (callback: (auth: object) => void) => void,
) => Promise<RealtimeSocket>;

type Handler<E extends RealtimeEvent> = (payload: RealtimeEventMap[E]) => void;

/** Kept open this long after the last listener leaves: moving between pages does not reconnect. */
const IDLE_CLOSE_MS = 10_000;
/** After a refused handshake the session is renewed and the socket tried again, at most this often in a row. */
const MAX_AUTH_RETRIES = 2;
const RETRY_LATER_MS = 15_000;

// socket.io-client is about 13 kB gzipped: it is fetched only once a screen listens.
const openSocketIo: SocketFactory = async (handleAuth) => {
  const { io } = await import('socket.io-client');
  return io({
    path: SOCKET_PATH,
    auth: handleAuth,
    ...(websocketOnly() ? { transports: ['websocket'] } : {}),
  });
};

/**
 * The server says (a `Server-Timing` entry on this page's answer) that it sits behind a balancer
 * without sticky sessions: long-polling's requests could reach different instances.
 */
export function websocketOnly(): boolean {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return false;
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.serverTiming?.some((entry) => entry.name === WEBSOCKET_ONLY_TIMING) ?? false;
}

let socketFactory: SocketFactory = openSocketIo;
let socket: RealtimeSocket | null = null;
let opening: Promise<RealtimeSocket> | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let authRetries = 0;
let connectedAs: number | undefined;
/** Counts handshakes, so a retry is not sent when another path has already reconnected. */
let handshakes = 0;
let stopWatchingAuth: (() => void) | null = null;
const handlers = new Map<string, Set<(payload: unknown) => void>>();
interface Watch {
  kind: WatchKind;
  id: number;
  /** How many screens watch it. */
  count: number;
  /** Whether the server has put this connection in its room. */
  live: boolean;
  onChange: Set<(live: boolean) => void>;
}
/** What the screens watch (`post:12`), asked for again after each reconnection. */
const watched = new Map<string, Watch>();
/** The socket was closed because the tab went to the background with the data saver on. */
let pausedWhileHidden = false;
/**
 * The connection was lost (a network drop, a server restart, a rest in a hidden tab): the next
 * connection tells the screens, to fetch what was pushed meanwhile (nothing is replayed).
 */
let resumePending = false;
const resumeListeners = new Set<() => void>();
let watchingVisibility = false;

function setLive(watch: Watch, live: boolean): void {
  if (watch.live === live) return;
  watch.live = live;
  for (const listener of [...watch.onChange]) listener(live);
}

/**
 * The server refuses a socket's `watch` beyond WATCH_RATE (and closes a socket far beyond it):
 * this connection sends a little under it, and the rest wait their turn.
 */
const WATCH_BUDGET = WATCH_RATE.max - 2;
/** When this connection sent its watches (the server counts per connection). */
let watchSends: number[] = [];
const waitingWatches: Watch[] = [];
let paceTimer: ReturnType<typeof setTimeout> | undefined;

function sendWatch(watch: Watch): void {
  if (!socket?.connected) return;
  if (!waitingWatches.includes(watch)) waitingWatches.push(watch);
  sendWaitingWatches();
}

function sendWaitingWatches(): void {
  clearTimeout(paceTimer);
  paceTimer = undefined;
  const now = Date.now();
  watchSends = watchSends.filter((at) => now - at < WATCH_RATE.windowMs);
  while (waitingWatches.length > 0 && watchSends.length < WATCH_BUDGET && socket?.connected) {
    const watch = waitingWatches.shift()!;
    const key = `${watch.kind}:${watch.id}`;
    // Stopped while it waited: nothing to ask.
    if (watched.get(key) !== watch) continue;
    watchSends.push(now);
    socket.emit?.('watch', watch.kind, watch.id, (ok: unknown) => {
      if (watched.get(key) === watch) setLive(watch, ok === true);
    });
  }
  if (waitingWatches.length > 0 && socket?.connected)
    paceTimer = setTimeout(sendWaitingWatches, watchSends[0]! + WATCH_RATE.windowMs - now + 100);
}

/**
 * The server ended a watch (`watchEnded`: a block, a hide, a suspension): the screen is no longer
 * live. It stays watched, so a new connection asks again, and the server answers as it now stands.
 */
function handleWatchEnded(payload: unknown): void {
  const { kind, id } = (payload ?? {}) as { kind?: unknown; id?: unknown };
  const watch = watched.get(`${String(kind)}:${String(id)}`);
  if (watch) setLive(watch, false);
}

function sendWatches(): void {
  // A new connection: a new allowance on the server, and nothing of the last one is waiting.
  watchSends = [];
  waitingWatches.length = 0;
  for (const watch of watched.values()) sendWatch(watch);
  // A new connection gets every like until it says which posts it shows.
  declaredPosts = null;
  declareShownPosts();
}

/** The posts each screen shows (`useShownPosts`): like events come for these only. */
const shownPosts = new Map<symbol, readonly number[]>();
/** What this connection last told the server (the ids joined), null before it said anything. */
let declaredPosts: string | null = null;
let watchingShownVisibility = false;

/**
 * Tells the server which posts are on screen (`watchPosts`), when that changed: the union of every
 * screen's, the last WATCH_POSTS_MAX loaded if more; none while the tab is hidden, so a tab in the
 * background gets no like events at all.
 */
function declareShownPosts(): void {
  if (!socket?.connected) return;
  const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
  const ids = hidden ? [] : [...new Set([...shownPosts.values()].flat())].slice(-WATCH_POSTS_MAX);
  const key = ids.join(',');
  if (key === declaredPosts) return;
  declaredPosts = key;
  socket.emit?.('watchPosts', ids);
}

function listenerCount(): number {
  let count = 0;
  for (const set of handlers.values()) count += set.size;
  return count;
}

/** Hands a live event to the screens listening for it (the socket calls it; so can tests). */
export function dispatchRealtimeEvent<E extends RealtimeEvent>(event: E, payload: RealtimeEventMap[E]): void {
  for (const handler of [...(handlers.get(event) ?? [])]) {
    try {
      handler(payload);
    } catch (error) {
      logError(`handling the live event ${event} failed`, error);
    }
  }
}

/**
 * The data saver rests the live connection while the tab is hidden (docs/features/kiswahili.md): every event a socket
 * receives costs data (a like anywhere reaches everyone), and nobody is looking. It comes back when
 * the tab does, and the screens that listen for `resume` fetch what they missed.
 */
const shouldRest = () =>
  typeof document !== 'undefined' && document.visibilityState === 'hidden' && isDataSaverOn();

function handleVisibility(): void {
  if (shouldRest()) {
    if (!socket || pausedWhileHidden) return;
    pausedWhileHidden = true;
    if (socket.connected) resumePending = true;
    socket.disconnect();
    return;
  }
  if (document.visibilityState !== 'visible' || !pausedWhileHidden) return;
  pausedWhileHidden = false;
  if (socket && listenerCount() > 0 && !socket.connected) {
    resumePending = true;
    socket.connect();
  }
}

/** Connects, unless the data saver rests the connection in this hidden tab (it connects on return). */
function connectUnlessResting(): void {
  if (!socket) return;
  if (shouldRest()) {
    pausedWhileHidden = true;
    return;
  }
  socket.connect();
}

function watchVisibility(): void {
  if (watchingVisibility || typeof document === 'undefined') return;
  watchingVisibility = true;
  document.addEventListener('visibilitychange', handleVisibility);
}

function handleAuth(callback: (auth: object) => void): void {
  const token = getStoredToken();
  handshakes++;
  connectedAs = authStore.getSnapshot().user?.id;
  callback(token ? { token } : {});
}

function handleRefused(error: Error): void {
  if (error.message === SOCKET_UNAUTHORIZED) void renewAndReconnect(error);
}

/**
 * The server closes the sockets of a login that ended (logged out in another tab, a password reset
 * on another device) and of every login when it restarts. Renewing tells which: an ended session
 * signs this tab out and the socket comes back anonymous; otherwise it comes back as before.
 */
function handleServerDisconnect(reason: string): void {
  if (reason === 'io server disconnect') void renewAndReconnect(new Error(reason));
}

async function renewAndReconnect(cause: Error): Promise<void> {
  if (!socket) return;
  if (authRetries >= MAX_AUTH_RETRIES) {
    logError('live events: the server keeps refusing the session', cause);
    return;
  }
  authRetries++;
  const handshakesBefore = handshakes;
  try {
    // Renewed: the next handshake carries the new token. Not renewable: the session is over, the
    // token is gone, and the next handshake is anonymous. Either way, try again.
    await authStore.renewSession(getStoredToken());
  } catch (renewError) {
    logError('live events: renewing the session failed', renewError);
    setTimeout(
      () => socket && !socket.connected && listenerCount() > 0 && connectUnlessResting(),
      RETRY_LATER_MS,
    );
    return;
  }
  // A session that ended or changed hands during the renewal has reconnected already.
  if (listenerCount() > 0 && handshakes === handshakesBefore) connectUnlessResting();
}

/** A login, logout or another account: the socket reconnects as whoever is signed in now. */
function handleAuthChange(): void {
  const userId = authStore.getSnapshot().user?.id;
  if (!socket || userId === connectedAs) return;
  connectedAs = userId;
  authRetries = 0;
  socket.disconnect();
  if (listenerCount() > 0) connectUnlessResting();
}

function ensureOpen(): void {
  clearTimeout(idleTimer);
  watchVisibility();
  if (socket) {
    if (shouldRest()) {
      pausedWhileHidden = true;
      return;
    }
    if (!socket.connected) socket.connect();
    return;
  }
  if (opening) return;
  opening = socketFactory(handleAuth);
  opening.then(
    (opened) => {
      socket = opened;
      opening = null;
      opened.on('connect', () => {
        authRetries = 0;
        // A new connection is in no room yet.
        sendWatches();
        if (resumePending) {
          resumePending = false;
          for (const listener of [...resumeListeners]) listener();
        }
      });
      opened.on('connect_error', handleRefused);
      opened.on('disconnect', () => {
        resumePending = true;
      });
      opened.on('disconnect', handleServerDisconnect);
      opened.on('disconnect', () => watched.forEach((watch) => setLive(watch, false)));
      opened.onAny((event, payload) => {
        if (event === 'watchEnded') handleWatchEnded(payload);
        dispatchRealtimeEvent(event as RealtimeEvent, payload as never);
      });
      stopWatchingAuth ??= authStore.subscribe(handleAuthChange);
      if (listenerCount() === 0) scheduleClose();
      // Opened while the tab was already hidden: rest until it shows.
      else if (shouldRest()) handleVisibility();
    },
    (error: unknown) => {
      opening = null;
      logError('live events: the client could not be loaded', error);
    },
  );
}

function scheduleClose(): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (listenerCount() === 0) socket?.disconnect();
  }, IDLE_CLOSE_MS);
}

/** Listens for one live event outside React; answers the function that stops listening. */
export function subscribeRealtime<E extends RealtimeEvent>(event: E, handler: Handler<E>): () => void {
  const set = handlers.get(event) ?? new Set();
  handlers.set(event, set);
  const entry = handler as (payload: unknown) => void;
  set.add(entry);
  ensureOpen();
  return () => {
    set.delete(entry);
    if (listenerCount() === 0) scheduleClose();
  };
}

/**
 * Receives the events of one thing while it is on screen (the server's room `post:{id}`): answers
 * the function that stops. Listen for the events themselves with `subscribeRealtime`.
 */
export function watchRealtime(
  kind: WatchKind,
  id: number,
  onLiveChange?: (live: boolean) => void,
): () => void {
  const key = `${kind}:${id}`;
  const entry: Watch = watched.get(key) ?? { kind, id, count: 0, live: false, onChange: new Set() };
  watched.set(key, entry);
  entry.count++;
  if (onLiveChange) {
    entry.onChange.add(onLiveChange);
    if (entry.live) onLiveChange(true);
  }
  if (entry.count === 1) sendWatch(entry);
  ensureOpen();
  return () => {
    if (onLiveChange) entry.onChange.delete(onLiveChange);
    entry.count--;
    if (entry.count > 0) return;
    watched.delete(key);
    if (socket?.connected) socket.emit?.('unwatch', kind, id);
  };
}

/**
 * Watches one thing while the component is mounted (see `watchRealtime`); answers whether its live
 * events are coming (the server accepted the watch and the connection is up).
 */
export function useRealtimeWatch(kind: WatchKind, id: number): boolean {
  const [live, setLiveState] = useState(false);
  useEffect(() => {
    const stop = watchRealtime(kind, id, setLiveState);
    return () => {
      stop();
      setLiveState(false);
    };
  }, [kind, id]);
  return live;
}

/**
 * Calls `handler` with each `event` the server sends while the component is mounted, e.g.
 * `useRealtimeEvent('likeUpdated', ({ id, likes }) => …)`. The latest handler is always used.
 */
export function useRealtimeEvent<E extends RealtimeEvent>(event: E, handler: Handler<E>): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribeRealtime(event, (payload) => latest.current(payload)), [event]);
}

/**
 * Calls `listener` each time the live connection comes back after it was lost (Socket.IO
 * reconnected after a network drop or a server restart) or rested in a hidden tab (data saver), so
 * a screen can fetch what was pushed meanwhile; answers the function that stops.
 */
export function onRealtimeResume(listener: () => void): () => void {
  resumeListeners.add(listener);
  return () => resumeListeners.delete(listener);
}

/** `onRealtimeResume` while the component is mounted; the latest handler is always used. */
export function useRealtimeResume(handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onRealtimeResume(() => latest.current()), []);
}

/**
 * Says which posts the component shows while it is mounted, so the server sends `likeUpdated`
 * for those only (docs/web-performance.md); declared again whenever the list changes, and as none while the tab
 * is hidden. Listen for the events themselves with `useRealtimeEvent`.
 */
export function useShownPosts(ids: readonly number[]): void {
  const key = ids.join(',');
  const [slot] = useState(() => Symbol('shown posts'));
  useEffect(() => {
    shownPosts.set(slot, key ? key.split(',').map(Number) : []);
    if (!watchingShownVisibility && typeof document !== 'undefined') {
      watchingShownVisibility = true;
      document.addEventListener('visibilitychange', declareShownPosts);
    }
    declareShownPosts();
  }, [slot, key]);
  useEffect(
    () => () => {
      shownPosts.delete(slot);
      declareShownPosts();
    },
    [slot],
  );
}

/** Tests: replace how the socket is opened (null puts the real one back); forgets the socket and listeners. */
export function setSocketFactory(factory: SocketFactory | null): void {
  clearTimeout(idleTimer);
  handlers.clear();
  watched.clear();
  clearTimeout(paceTimer);
  waitingWatches.length = 0;
  watchSends = [];
  socket?.disconnect();
  socket = null;
  opening = null;
  authRetries = 0;
  pausedWhileHidden = false;
  resumePending = false;
  resumeListeners.clear();
  shownPosts.clear();
  declaredPosts = null;
  stopWatchingAuth?.();
  stopWatchingAuth = null;
  socketFactory = factory ?? openSocketIo;
}
