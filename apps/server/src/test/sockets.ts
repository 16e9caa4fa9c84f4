import type { ServerToClientEvents } from '@jamii/shared';
import { io as connect, type Socket } from 'socket.io-client';

export type TestSocket = Socket<ServerToClientEvents, Record<string, never>>;

/** A member's live connection to a listening test app, once the server has accepted it. */
export function openSocket(url: string, token: string): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket: TestSocket = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      auth: { token },
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
