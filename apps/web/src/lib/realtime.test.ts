import { TOKEN_STORAGE_KEY, WATCH_RATE } from '@jamii/shared';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser, storeSignedIn } from '../test/auth';
import { emitRealtime, fakeSocketFactory, type FakeSocket } from '../test/realtime';
import { authStore } from './auth';
import { dataSaverStore } from './data-saver';
import {
  onRealtimeResume,
  setSocketFactory,
  subscribeRealtime,
  useRealtimeEvent,
  useRealtimeWatch,
} from './realtime';
import { stubFetchForEachTest } from '../test/fetch-stub';

let sockets: FakeSocket[];

const fetchMock = stubFetchForEachTest({ withAuth: true });

beforeEach(() => {
  sockets = [];
  setSocketFactory(fakeSocketFactory(sockets));
});

afterEach(() => {
  setSocketFactory(fakeSocketFactory());
  vi.useRealTimers();
});

async function openSocket(): Promise<FakeSocket> {
  await vi.waitFor(() => expect(sockets).toHaveLength(1));
  return sockets[0]!;
}

describe('live events', () => {
  it('opens one socket for every listener, with the stored token, and hands events to the listeners', async () => {
    storeSignedIn(makeUser({ id: 5 }), 'access.5');
    const first = vi.fn();
    const second = vi.fn();
    renderHook(() => useRealtimeEvent('likeUpdated', first));
    renderHook(() => useRealtimeEvent('likeUpdated', second));
    const socket = await openSocket();

    expect(socket.handshakes).toEqual([{ token: 'access.5' }]);
    socket.emit('likeUpdated', { type: 'post', id: 9, likes: 4 });

    expect(first).toHaveBeenCalledWith({ type: 'post', id: 9, likes: 4 });
    expect(second).toHaveBeenCalledWith({ type: 'post', id: 9, likes: 4 });
    expect(sockets).toHaveLength(1);
  });

  it('connects anonymously without a token', async () => {
    subscribeRealtime('likeUpdated', () => {});
    const socket = await openSocket();

    expect(socket.handshakes).toEqual([{}]);
  });

  it('stops calling a listener once its component is gone', async () => {
    const handler = vi.fn();
    const { unmount } = renderHook(() => useRealtimeEvent('likeUpdated', handler));
    await openSocket();
    unmount();

    emitRealtime('likeUpdated', { type: 'post', id: 1, likes: 1 });

    expect(handler).not.toHaveBeenCalled();
  });

  it('renews the session after an UNAUTHORIZED handshake and connects again with the new token', async () => {
    storeSignedIn(makeUser({ id: 5 }), 'expired');
    fetchMock.mockImplementation(
      fakeFetch({ 'POST /api/refresh': jsonResponse({ token: 'fresh', user: makeUser({ id: 5 }) }) }),
    );
    subscribeRealtime('likeUpdated', () => {});
    const socket = await openSocket();

    socket.refuse('UNAUTHORIZED');

    await vi.waitFor(() => expect(socket.handshakes).toEqual([{ token: 'expired' }, { token: 'fresh' }]));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh');
  });

  it('falls back to an anonymous socket when the session cannot be renewed', async () => {
    storeSignedIn(makeUser({ id: 5 }), 'expired');
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/refresh': errorResponse(401, 'UNAUTHORIZED', 'Session ended'),
      }),
    );
    subscribeRealtime('likeUpdated', () => {});
    const socket = await openSocket();

    socket.refuse('UNAUTHORIZED');

    await vi.waitFor(() => expect(socket.handshakes).toEqual([{ token: 'expired' }, {}]));
    expect(authStore.getSnapshot().isAuthenticated).toBe(false);
  });

  it('signs the tab out and reconnects anonymously when the server ends the socket of an ended session', async () => {
    storeSignedIn(makeUser({ id: 5 }), 'access.5');
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/refresh': errorResponse(401, 'UNAUTHORIZED', 'Session ended'),
      }),
    );
    subscribeRealtime('notification', () => {});
    const socket = await openSocket();
    socket.accept();

    socket.serverDisconnect();

    await vi.waitFor(() => expect(socket.handshakes).toEqual([{ token: 'access.5' }, {}]));
    expect(authStore.getSnapshot().isAuthenticated).toBe(false);
  });

  it('reconnects as the new member after a login', async () => {
    subscribeRealtime('likeUpdated', () => {});
    const socket = await openSocket();
    socket.accept();

    storeSignedIn(makeUser({ id: 8 }), 'access.8');

    expect(socket.disconnects).toBe(1);
    expect(socket.handshakes).toEqual([{}, { token: 'access.8' }]);
  });

  it('closes the socket a while after the last listener leaves', async () => {
    const stop = subscribeRealtime('likeUpdated', () => {});
    const socket = await openSocket();
    socket.accept();
    vi.useFakeTimers();

    stop();
    vi.advanceTimersByTime(9_000);
    expect(socket.disconnects).toBe(0);
    vi.advanceTimersByTime(1_000);

    expect(socket.disconnects).toBe(1);
  });

  it('watches a thing while it is shown: asks on each connection, is live once acknowledged, stops on unmount', async () => {
    renderHook(() => useRealtimeEvent('commentAdded', () => {}));
    const socket = await openSocket();
    const sent = vi.spyOn(socket, 'emit');
    const { result, unmount } = renderHook(() => useRealtimeWatch('post', 7));
    expect(sent).not.toHaveBeenCalled();
    expect(result.current).toBe(false);

    act(() => socket.accept());
    const [event, kind, id, ack] = sent.mock.calls[0] as unknown as [
      string,
      string,
      number,
      (ok: boolean) => void,
    ];
    expect([event, kind, id]).toEqual(['watch', 'post', 7]);
    act(() => ack(true));
    expect(result.current).toBe(true);

    // A new connection is in no room: it asks again.
    act(() => socket.accept());
    expect(sent.mock.calls.filter((call) => (call as unknown[])[0] === 'watch')).toHaveLength(2);

    unmount();
    expect(sent).toHaveBeenLastCalledWith('unwatch', 'post', 7);
  });

  it('is no longer live when the server ends the watch, and asks again on the next connection', async () => {
    renderHook(() => useRealtimeEvent('commentAdded', () => {}));
    const socket = await openSocket();
    const sent = vi.spyOn(socket, 'emit');
    const { result } = renderHook(() => useRealtimeWatch('post', 8));
    act(() => socket.accept());
    act(() => ((sent.mock.calls[0] as unknown[])[3] as (ok: boolean) => void)(true));
    expect(result.current).toBe(true);

    act(() => socket.emit('watchEnded', { kind: 'post', id: 8 }));
    expect(result.current).toBe(false);
    act(() => socket.accept());
    expect(sent.mock.calls.filter((call) => (call as unknown[])[0] === 'watch')).toHaveLength(2);
  });

  it(`sends at most ${WATCH_RATE.max - 2} watches per ${WATCH_RATE.windowMs / 1000} s on one connection; the rest wait their turn`, async () => {
    renderHook(() => useRealtimeEvent('commentAdded', () => {}));
    const socket = await openSocket();
    const sent = vi.spyOn(socket, 'emit');
    const watches = () => sent.mock.calls.filter((call) => (call as unknown[])[0] === 'watch').length;
    vi.useFakeTimers();
    act(() => socket.accept());
    for (let id = 1; id <= 25; id++) renderHook(() => useRealtimeWatch('post', id));
    expect(watches()).toBe(WATCH_RATE.max - 2);

    act(() => {
      vi.advanceTimersByTime(WATCH_RATE.windowMs - 1_000);
    });
    expect(watches()).toBe(WATCH_RATE.max - 2);
    act(() => {
      vi.advanceTimersByTime(1_500);
    });
    expect(watches()).toBe(25);
  });
});

describe('live events after a dropped connection', () => {
  it('tells the screens when Socket.IO reconnects, so they fetch what was pushed meanwhile', async () => {
    const resumed = vi.fn();
    onRealtimeResume(resumed);
    subscribeRealtime('notification', () => {});
    const socket = await openSocket();
    socket.accept();
    expect(resumed).not.toHaveBeenCalled();

    socket.lose();
    expect(resumed).not.toHaveBeenCalled();
    socket.accept();
    expect(resumed).toHaveBeenCalledOnce();

    // A restart of the server: dropped again, back again, told again.
    socket.lose();
    socket.accept();
    expect(resumed).toHaveBeenCalledTimes(2);
  });
});

describe('live events with the data saver', () => {
  function setVisibility(state: DocumentVisibilityState) {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }

  afterEach(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });

  it('rests the connection while the tab is hidden, and tells the screens when it is back', async () => {
    dataSaverStore.set(true);
    const resumed = vi.fn();
    const stopResume = onRealtimeResume(resumed);
    subscribeRealtime('likeUpdated', () => {});
    const socket = await openSocket();
    socket.accept();

    setVisibility('hidden');
    expect(socket.connected).toBe(false);
    expect(socket.disconnects).toBe(1);
    const connectsBefore = socket.connects;

    setVisibility('visible');
    expect(socket.connects).toBe(connectsBefore + 1);
    expect(resumed).not.toHaveBeenCalled();
    socket.accept();
    expect(resumed).toHaveBeenCalledOnce();
    stopResume();
  });

  it('does not connect while the tab stays hidden, even when a screen starts listening', async () => {
    dataSaverStore.set(true);
    subscribeRealtime('likeUpdated', () => {});
    const socket = await openSocket();
    socket.accept();
    setVisibility('hidden');
    const connectsBefore = socket.connects;

    subscribeRealtime('notification', () => {});
    expect(socket.connects).toBe(connectsBefore);

    setVisibility('visible');
    expect(socket.connects).toBe(connectsBefore + 1);
  });

  it('keeps the connection in a hidden tab with the data saver off', async () => {
    dataSaverStore.set(false);
    const resumed = vi.fn();
    onRealtimeResume(resumed);
    subscribeRealtime('likeUpdated', () => {});
    const socket = await openSocket();
    socket.accept();

    setVisibility('hidden');
    setVisibility('visible');

    expect(socket.connected).toBe(true);
    expect(socket.disconnects).toBe(0);
    expect(resumed).not.toHaveBeenCalled();
  });
});
