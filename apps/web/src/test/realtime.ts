import type { RealtimeEvent, RealtimeEventMap } from '@jamii/shared';
import { act } from '@testing-library/react';
import { dispatchRealtimeEvent, type RealtimeSocket, type SocketFactory } from '../lib/realtime';

type Listener = (...args: never[]) => void;

/** A socket that never touches the network; the test drives its connection and events. */
export class FakeSocket implements RealtimeSocket {
  connected = false;
  connects = 0;
  disconnects = 0;
  /** The `auth` of each handshake, in order. */
  handshakes: object[] = [];
  private readonly listeners = new Map<string, Listener[]>();
  private anyListener: ((event: string, ...args: unknown[]) => void) | null = null;

  constructor(private readonly handleAuth: Parameters<SocketFactory>[0]) {}

  connect() {
    this.connects++;
    this.handleAuth((auth) => this.handshakes.push(auth));
    return this;
  }

  disconnect() {
    this.disconnects++;
    this.connected = false;
    return this;
  }

  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  onAny(listener: (event: string, ...args: unknown[]) => void) {
    this.anyListener = listener;
    return this;
  }

  /** The server accepted the handshake. */
  accept() {
    this.connected = true;
    for (const listener of this.listeners.get('connect') ?? []) (listener as () => void)();
  }

  /** The server refused the handshake with this message (e.g. UNAUTHORIZED). */
  refuse(message: string) {
    this.connected = false;
    for (const listener of this.listeners.get('connect_error') ?? []) {
      (listener as (error: Error) => void)(new Error(message));
    }
  }

  /** The server closed the socket (its login ended, or the server is restarting). */
  serverDisconnect() {
    this.connected = false;
    for (const listener of this.listeners.get('disconnect') ?? []) {
      (listener as (reason: string) => void)('io server disconnect');
    }
  }

  /** The connection dropped (the network went away); Socket.IO tries again by itself. */
  lose() {
    this.connected = false;
    for (const listener of this.listeners.get('disconnect') ?? []) {
      (listener as (reason: string) => void)('transport close');
    }
  }

  emit<E extends RealtimeEvent>(event: E, payload: RealtimeEventMap[E]) {
    this.anyListener?.(event, payload);
  }
}

/** A factory handing out FakeSockets, each kept in `sockets`. */
export function fakeSocketFactory(sockets: FakeSocket[] = []): SocketFactory {
  return async (handleAuth) => {
    const socket = new FakeSocket(handleAuth);
    sockets.push(socket);
    socket.connect();
    return socket;
  };
}

/** A live event as if the server had sent it, to whatever the rendered screens listen with. */
export function emitRealtime<E extends RealtimeEvent>(event: E, payload: RealtimeEventMap[E]): void {
  act(() => dispatchRealtimeEvent(event, payload));
}
