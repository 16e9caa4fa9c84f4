import { userRoom, type WatchKind } from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import { parseWatchRoom, watchRoom, type WatchChecks } from './watch-checks';

/**
 * What changed, sent to every instance (`serverSideEmit` through the adapter): each re-checks the
 * sockets it holds, so the re-check reaches a socket wherever it is connected.
 */
export type Recheck =
  /** Things hidden, held, approved, or of a member suspended or restored. */
  | { things: { kind: WatchKind; ids: number[] } }
  /** Members whose view changed (both members of a block). */
  | { members: number[] };

interface WatchingSocket {
  data: { userId: number | null };
  rooms: Set<string>;
  connected: boolean;
  leave(room: string): unknown;
  emit(event: 'watchEnded', payload: { kind: WatchKind; id: number }): unknown;
}

/** This instance's sockets in the room (never asks the adapter: the other instances do their own). */
function localSockets(nsp: Namespace, room: string): WatchingSocket[] {
  const ids = nsp.adapter.rooms.get(room);
  if (!ids) return [];
  const found: WatchingSocket[] = [];
  for (const id of ids) {
    const socket = nsp.sockets.get(id) as Socket | undefined;
    if (socket) found.push(socket as unknown as WatchingSocket);
  }
  return found;
}

/**
 * Forgets the cached answers the change touches, asks the rules again for each socket concerned
 * and takes out of the room (telling it `watchEnded`) every socket that may no longer watch. A
 * check that fails takes the socket out too: it may ask again, and that asks the database.
 */
export async function recheckHere(
  nsp: Namespace,
  checks: WatchChecks,
  change: Recheck,
  log: FastifyBaseLogger,
): Promise<void> {
  const pending: { socket: WatchingSocket; kind: WatchKind; id: number }[] = [];
  if ('things' in change) {
    const { kind, ids } = change.things;
    checks.forgetThings(kind, ids);
    for (const id of ids)
      for (const socket of localSockets(nsp, watchRoom(kind, id))) pending.push({ socket, kind, id });
  } else {
    checks.forgetMembers(change.members);
    for (const member of change.members)
      for (const socket of localSockets(nsp, userRoom(member)))
        for (const room of socket.rooms) {
          const thing = parseWatchRoom(room);
          if (thing) pending.push({ socket, ...thing });
        }
  }
  await Promise.all(
    pending.map(async ({ socket, kind, id }) => {
      let allowed = false;
      try {
        allowed = (await checks.check(kind, id, socket.data.userId, true)) === true;
      } catch (err) {
        log.warn({ err, kind, id }, 'watch re-check failed; the socket leaves the room');
      }
      if (allowed || !socket.connected) return;
      await socket.leave(watchRoom(kind, id));
      socket.emit('watchEnded', { kind, id });
    }),
  );
}
