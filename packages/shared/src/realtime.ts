import type { CommentAddedEvent } from './comments';
import type { MessageEvent } from './messages';
import type { NotificationDto } from './notifications';
import type { VideoDto } from './videos';

// Live events (STYLE rule 11): one typed map shared by the server and the web app. Payloads are
// the REST shapes; events are sent after the change is committed.

/**
 * A post's like count changed (the specified states Live like event). A socket that has said which posts it
 * shows (`watchPosts`) gets it for those posts only; a socket that never said gets every one.
 */
export interface LikeUpdatedEvent {
  type: 'post';
  id: number;
  likes: number;
}

/** Every event the server sends, by name. */
export interface RealtimeEventMap {
  likeUpdated: LikeUpdatedEvent;
  /** A new (or refreshed) notification; sent to its member's room only. */
  notification: NotificationDto;
  /** A new message in one of the member's conversations (docs/design.md#messages); to both members' rooms. */
  message: MessageEvent;
  /** A new comment on a post (docs/design.md#conversation-around-posts); to the sockets watching that post (`postRoom`). */
  commentAdded: CommentAddedEvent;
  /**
   * A video's low-data copies are made (docs/design.md#past-one-machine): the video as lists now answer it (renditions
   * filled, `processing` false); to its uploader's room only.
   */
  videoReady: VideoDto;
  /**
   * The socket no longer watches this thing: a block, a moderator's hide or hold, or a suspension
   * means the member may no longer see it. Asking again (`watch`) is refused while that holds.
   */
  watchEnded: WatchEndedEvent;
}

/** Which watch the server ended (`watchEnded`). */
export interface WatchEndedEvent {
  kind: WatchKind;
  id: number;
}
export type RealtimeEvent = keyof RealtimeEventMap;

/** Socket.IO's typing of the same map: `io<ServerToClientEvents>()` on the web, `Server<…>` on the server. */
export type ServerToClientEvents = { [E in RealtimeEvent]: (payload: RealtimeEventMap[E]) => void };
/** Things a client may watch while it shows them (a post's open comments): their room's events. */
export const WATCH_KINDS = ['post'] as const;
export type WatchKind = (typeof WATCH_KINDS)[number];
/** How many things one socket may watch at once. */
export const WATCH_MAX = 50;
/**
 * How many `watch` one socket may send: beyond `max` within `windowMs` the server answers false
 * without looking; a socket that keeps sending far beyond it is disconnected. Clients pace below it.
 */
export const WATCH_RATE = { max: 20, windowMs: 10_000 } as const;
/**
 * Clients send only these: start or stop receiving the events of one thing they show (its room).
 * The server checks the member may see it; the acknowledgement answers whether it joined.
 */
export type ClientToServerEvents = {
  watch: (kind: WatchKind, id: number, ack?: (ok: boolean) => void) => void;
  /** The acknowledgement comes once the socket has left the room: nothing of it arrives after. */
  unwatch: (kind: WatchKind, id: number, ack?: () => void) => void;
  /**
   * The posts now on screen (each call replaces the last; at most WATCH_POSTS_MAX ids): from then
   * on `likeUpdated` comes for these posts only. The acknowledgement answers whether it was taken.
   */
  watchPosts: (ids: number[], ack?: (ok: boolean) => void) => void;
};
/** How many posts one `watchPosts` may name (a screen shows far fewer). */
export const WATCH_POSTS_MAX = 200;

/** Same origin as the API (docs/design.md#stack-and-why). */
export const SOCKET_PATH = '/socket.io';
/**
 * Behind a load balancer without sticky sessions (REALTIME_TRANSPORTS=websocket) every page's
 * answer carries this `Server-Timing` entry: the app then opens its socket on WebSocket alone,
 * since HTTP long-polling needs each request of a session to reach the same instance.
 */
export const WEBSOCKET_ONLY_TIMING = 'realtime-websocket-only';
/**
 * The connect_error message for a handshake whose `auth.token` is invalid or expired: refresh the
 * access token, set `socket.auth = { token }` and call `socket.connect()` again. A socket without
 * a token connects anonymously and receives public events only.
 */
export const SOCKET_UNAUTHORIZED = 'UNAUTHORIZED';

/** The room of one member's sockets (their notifications and other private events). */
export const userRoom = (id: number) => `user:${id}` as const;

/** The room of the sockets watching one post (its comments open). */
export const postRoom = (id: number) => `post:${id}` as const;

/** The room of the sockets showing one post (`watchPosts`): its `likeUpdated` events. */
export const postLikesRoom = (id: number) => `likes:post:${id}` as const;

/** The room of the sockets that never said what they show: every `likeUpdated` (the first behaviour). */
export const ALL_LIKES_ROOM = 'likes:all';
