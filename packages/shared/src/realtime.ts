import type { CommentAddedEvent } from './comments';
import type { MessageEvent } from './conversations';
import type { NotificationDto } from './notifications';

// Live events (STYLE rule 11): one typed map shared by the server and the web app. Payloads are
// the REST shapes; events are sent after the change is committed.

/** A post's like count changed (SPEC §4 Live like event); sent to every connected socket. */
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
  /** A new message in one of the member's conversations (DESIGN §8.3); to both members' rooms. */
  message: MessageEvent;
  /** A new comment on a post (DESIGN §8.7); to the sockets watching that post (`postRoom`). */
  commentAdded: CommentAddedEvent;
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
 * Clients send only these: start or stop receiving the events of one thing they show (its room).
 * The server checks the member may see it; the acknowledgement answers whether it joined.
 */
export type ClientToServerEvents = {
  watch: (kind: WatchKind, id: number, ack?: (ok: boolean) => void) => void;
  unwatch: (kind: WatchKind, id: number) => void;
};

/** Same origin as the API (DESIGN §2). */
export const SOCKET_PATH = '/socket.io';
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
