import { WATCH_POSTS_MAX } from '@jamii/shared';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketFactory, type FakeSocket } from '../test/realtime';
import { setSocketFactory, useRealtimeEvent, useShownPosts } from './realtime';

// docs/web-performance.md: the web app tells the server which posts it shows (`watchPosts`), so like events come
// for those only: on each connection, whenever a list changes, and as none while the tab is hidden.

let sockets: FakeSocket[];

beforeEach(() => {
  sockets = [];
  setSocketFactory(fakeSocketFactory(sockets));
});

afterEach(() => {
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  setSocketFactory(fakeSocketFactory());
});

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

async function connectedSocket() {
  renderHook(() => useRealtimeEvent('likeUpdated', () => {}));
  await vi.waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0]!;
  const sent = vi.spyOn(socket, 'emit');
  const declared = () =>
    sent.mock.calls
      .filter((call) => (call as unknown[])[0] === 'watchPosts')
      .map((call) => (call as unknown[])[1]);
  return { socket, declared };
}

describe('the posts on screen, declared for like events', () => {
  it('declares on connecting, on each change of the lists, and the union of every screen', async () => {
    const { socket, declared } = await connectedSocket();
    const feed = renderHook(({ ids }) => useShownPosts(ids), { initialProps: { ids: [3, 4] } });
    expect(declared()).toEqual([]);

    act(() => socket.accept());
    expect(declared()).toEqual([[3, 4]]);

    feed.rerender({ ids: [3, 4] });
    feed.rerender({ ids: [4, 5] });
    const detail = renderHook(() => useShownPosts([5, 9]));
    expect(declared()).toEqual([
      [3, 4],
      [4, 5],
      [4, 5, 9],
    ]);

    // A new connection is told again; leaving screens narrows the list down to none.
    act(() => socket.accept());
    feed.unmount();
    detail.unmount();
    expect(declared().slice(3)).toEqual([[4, 5, 9], [5, 9], []]);
  });

  it('declares none while the tab is hidden, and the shown posts again when it is back', async () => {
    const { socket, declared } = await connectedSocket();
    act(() => socket.accept());
    renderHook(() => useShownPosts([7]));
    setVisibility('hidden');
    setVisibility('visible');
    expect(declared()).toEqual([[], [7], [], [7]]);
  });

  it(`declares at most ${WATCH_POSTS_MAX} posts, the last loaded`, async () => {
    const { socket, declared } = await connectedSocket();
    act(() => socket.accept());
    const many = Array.from({ length: WATCH_POSTS_MAX + 50 }, (_, i) => i + 1);
    renderHook(() => useShownPosts(many));
    expect(declared().at(-1)).toEqual(many.slice(50));
  });
});
