import { NOTIFICATION_POLL_MS, TOAST_DISMISS_MS, type NotificationDto } from '@jamii/shared';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataSaverStore } from '../../lib/data-saver';
import { fakeFetch, jsonResponse, makeUser, storeSignedIn, type Routes } from '../../test/auth';
import { makeNotification } from '../../test/notifications';
import { setSocketFactory } from '../../lib/realtime';
import { emitRealtime, fakeSocketFactory, type FakeSocket } from '../../test/realtime';
import { renderWithProviders } from '../../test/render';
import { NotificationBell } from './notification-bell';
import { toastKind, useNotificationPoller } from './use-notification-poller';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const me = makeUser({ id: 42 });
const POLL = 'GET /api/notifications/42?limit=10';
const COUNT = 'GET /api/notifications/42/unread-count';

const fetchMock = stubFetchForEachTest({ withAuth: true });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** The layout's use of the hook, with the bell beside it to show the count. */
function Layout() {
  useNotificationPoller();
  return <NotificationBell />;
}

/** Lets the answers (promises) and the timers due in the next few ms run. */
const flush = (ms = 10) => act(() => vi.advanceTimersByTimeAsync(ms));

const callsTo = (key: string) =>
  fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === key);

function serve(routes: Routes) {
  fetchMock.mockImplementation(fakeFetch(routes));
}

/** A server whose poll answers `latest()` and which marks notifications read. */
function serveNotifications(latest: () => NotificationDto[], extra: Routes = {}) {
  const routes: Routes = {
    [POLL]: () => jsonResponse(latest()),
    [COUNT]: () => jsonResponse({ count: latest().filter((item) => !item.is_read).length }),
    ...extra,
  };
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const read = /^PUT \/api\/notifications\/(\d+)\/read$/.exec(key);
    if (read && !routes[key]) {
      const item = latest().find((candidate) => candidate.id === Number(read[1]))!;
      return jsonResponse({ ...item, is_read: true });
    }
    return fakeFetch(routes)(input, init);
  });
}

describe('toastKind', () => {
  it('keeps error and success, and shows anything else as info', () => {
    expect(toastKind('error')).toBe('error');
    expect(toastKind('success')).toBe('success');
    expect(toastKind('info')).toBe('info');
    expect(toastKind('warning')).toBe('info');
  });
});

describe('useNotificationPoller', () => {
  it('fetches nothing without a member', async () => {
    renderWithProviders(<Layout />);
    await flush(NOTIFICATION_POLL_MS * 2);

    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('polls at once, then every 60 seconds', async () => {
    storeSignedIn(me);
    serveNotifications(() => []);
    renderWithProviders(<Layout />);

    await flush();
    expect(callsTo(POLL)).toHaveLength(1);
    await flush(NOTIFICATION_POLL_MS - 20);
    expect(callsTo(POLL)).toHaveLength(1);
    await flush(20);
    expect(callsTo(POLL)).toHaveLength(2);
    await flush(NOTIFICATION_POLL_MS);
    expect(callsTo(POLL)).toHaveLength(3);
  });

  it('shows the first unread one as a toast of its kind, then marks it read', async () => {
    storeSignedIn(me);
    const older = makeNotification({ message: 'Your bid was accepted', type: 'success' });
    const newest = makeNotification({ message: 'Login failed', type: 'error' });
    const seen = makeNotification({ message: 'Seen already', is_read: true });
    let latest = [seen, newest, older];
    serveNotifications(() => latest);
    renderWithProviders(<Layout />);
    await flush();

    expect(screen.getByRole('alert')).toHaveTextContent('Login failed');
    expect(screen.queryByText('Your bid was accepted')).not.toBeInTheDocument();
    expect(callsTo(`PUT /api/notifications/${newest.id}/read`)).toHaveLength(0);

    await flush(TOAST_DISMISS_MS);
    expect(callsTo(`PUT /api/notifications/${newest.id}/read`)).toHaveLength(1);

    // The next poll finds the next unread one.
    latest = [seen, { ...newest, is_read: true }, older];
    await flush(NOTIFICATION_POLL_MS);
    expect(screen.getByText('Your bid was accepted').closest('[data-kind]')).toHaveAttribute(
      'data-kind',
      'success',
    );
  });

  it('aborts a poll still in flight when the next one starts', async () => {
    storeSignedIn(me);
    const signals: AbortSignal[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve({
      [COUNT]: () => jsonResponse({ count: 0 }),
      [POLL]: (init) => {
        signals.push(init!.signal!);
        // The first answer never comes; the second does.
        if (signals.length === 1) {
          return new Promise<Response>((_resolve, reject) =>
            init!.signal!.addEventListener('abort', () =>
              reject(new DOMException('The operation was aborted.', 'AbortError')),
            ),
          );
        }
        return jsonResponse([]);
      },
    });
    renderWithProviders(<Layout />);
    await flush();
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(false);

    await flush(NOTIFICATION_POLL_MS);

    expect(signals).toHaveLength(2);
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
    // A cancelled poll says nothing.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(warn).not.toHaveBeenCalled();
  });

  it('does not toast a notification again when another layout mounts (a public page to a signed-in one), and still marks it read', async () => {
    storeSignedIn(me);
    const item = makeNotification({ message: 'Imani applied for your job' });
    let latest: NotificationDto[] = [item];
    serveNotifications(() => latest);
    const first = renderWithProviders(<Layout />);
    await flush();
    expect(screen.getAllByText('Imani applied for your job')).toHaveLength(1);

    // Within the toast's time, the member opens a page in another layout.
    first.unmount();
    renderWithProviders(<Layout />);
    await flush();
    expect(
      screen.queryAllByText('Imani applied for your job').filter((el) => el.closest('[data-kind]')),
    ).toHaveLength(0);

    await flush(TOAST_DISMISS_MS);
    expect(callsTo(`PUT /api/notifications/${item.id}/read`)).toHaveLength(1);
    latest = [{ ...item, is_read: true }];
  });

  it('only logs a failure to mark read', async () => {
    storeSignedIn(me);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const item = makeNotification({ message: 'Welcome to Jamii' });
    serveNotifications(() => [item], {
      [`PUT /api/notifications/${item.id}/read`]: () =>
        jsonResponse({ code: 'INTERNAL', message: 'Oops' }, 500),
    });
    renderWithProviders(<Layout />);
    await flush();
    expect(screen.getByText('Welcome to Jamii').closest('[data-kind]')).toHaveAttribute('data-kind', 'info');

    await flush(TOAST_DISMISS_MS);

    expect(callsTo(`PUT /api/notifications/${item.id}/read`)).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith('[jamii] marking a notification read failed', expect.anything());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a pushed notification at once, counts it, marks it read, and never toasts it twice', async () => {
    storeSignedIn(me);
    const pushed = makeNotification({ message: 'Amina Hassan (@amina_hassan) started following you' });
    let latest: NotificationDto[] = [];
    let markReadFails = false;
    serveNotifications(() => latest, {
      [`PUT /api/notifications/${pushed.id}/read`]: () =>
        markReadFails
          ? jsonResponse({ code: 'INTERNAL', message: 'Oops' }, 500)
          : jsonResponse({ ...pushed, is_read: true }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithProviders(<Layout />);
    await flush();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();

    latest = [pushed];
    emitRealtime('notification', pushed);
    await flush();

    expect(screen.getAllByText(pushed.message)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    // The same event again (a reconnect, a second tab's echo): no second toast.
    emitRealtime('notification', pushed);
    await flush();
    expect(screen.getAllByText(pushed.message)).toHaveLength(1);

    await flush(TOAST_DISMISS_MS);
    expect(callsTo(`PUT /api/notifications/${pushed.id}/read`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByText(pushed.message)).not.toBeInTheDocument();

    // Even if the server still calls it unread at the next poll, it is not shown again.
    markReadFails = true;
    await flush(NOTIFICATION_POLL_MS);
    expect(callsTo(POLL)).toHaveLength(2);
    expect(screen.queryByText(pushed.message)).not.toBeInTheDocument();
  });

  it('fetches what was pushed while the live connection was down as soon as it is back', async () => {
    const sockets: FakeSocket[] = [];
    setSocketFactory(fakeSocketFactory(sockets));
    try {
      storeSignedIn(me);
      let latest: NotificationDto[] = [];
      serveNotifications(() => latest);
      renderWithProviders(<Layout />);
      await flush();
      const socket = sockets[0]!;
      act(() => socket.accept());
      expect(callsTo(POLL)).toHaveLength(1);
      expect(callsTo(COUNT)).toHaveLength(1);

      // The connection drops; a notification is pushed meanwhile and never reaches this tab.
      act(() => socket.lose());
      const missed = makeNotification({ message: 'Baraka Otieno (@baraka_o) liked your post' });
      latest = [missed];
      await flush();
      expect(screen.queryByText(missed.message)).not.toBeInTheDocument();

      // Socket.IO reconnects long before the next poll: the list and the count are read at once.
      act(() => socket.accept());
      await flush();
      expect(callsTo(POLL)).toHaveLength(2);
      expect(callsTo(COUNT).length).toBeGreaterThan(1);
      expect(screen.getByText(missed.message)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    } finally {
      setSocketFactory(fakeSocketFactory());
    }
  });

  it('does not fetch again on the first connection', async () => {
    const sockets: FakeSocket[] = [];
    setSocketFactory(fakeSocketFactory(sockets));
    try {
      storeSignedIn(me);
      serveNotifications(() => []);
      renderWithProviders(<Layout />);
      await flush();
      act(() => sockets[0]!.accept());
      await flush();
      expect(callsTo(POLL)).toHaveLength(1);
    } finally {
      setSocketFactory(fakeSocketFactory());
    }
  });

  it('ignores a pushed notification that is not the member’s', async () => {
    storeSignedIn(me);
    serveNotifications(() => []);
    renderWithProviders(<Layout />);
    await flush();

    emitRealtime('notification', makeNotification({ user_id: 7, message: 'Not for you' }));
    await flush();

    expect(screen.queryByText('Not for you')).not.toBeInTheDocument();
  });
});

describe('useNotificationPoller with the data saver', () => {
  function setVisibility(state: DocumentVisibilityState) {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
  }

  afterEach(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    dataSaverStore.reset();
  });

  it('skips its polls while the tab is hidden and catches up at once when it shows', async () => {
    dataSaverStore.set(true);
    storeSignedIn(me);
    serveNotifications(() => []);
    renderWithProviders(<Layout />);
    await flush();
    expect(callsTo(POLL)).toHaveLength(1);

    setVisibility('hidden');
    await flush(NOTIFICATION_POLL_MS * 3);
    expect(callsTo(POLL)).toHaveLength(1);

    setVisibility('visible');
    await flush();
    expect(callsTo(POLL)).toHaveLength(2);

    await flush(NOTIFICATION_POLL_MS);
    expect(callsTo(POLL)).toHaveLength(3);
  });

  it('keeps polling a hidden tab with the data saver off', async () => {
    dataSaverStore.set(false);
    storeSignedIn(me);
    serveNotifications(() => []);
    renderWithProviders(<Layout />);
    await flush();

    setVisibility('hidden');
    await flush(NOTIFICATION_POLL_MS * 2);
    expect(callsTo(POLL)).toHaveLength(3);

    setVisibility('visible');
    await flush();
    expect(callsTo(POLL)).toHaveLength(3);
  });
});
