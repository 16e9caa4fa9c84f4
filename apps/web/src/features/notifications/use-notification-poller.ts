import { NOTIFICATION_POLL_MS, TOAST_DISMISS_MS, type NotificationDto } from '@jamii/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { authStore, useAuth } from '../../lib/auth';
import { logError } from '../../lib/log';
import { isDataSaverOn } from '../../lib/data-saver';
import { useRealtimeEvent, useRealtimeResume } from '../../lib/realtime';
import { useToast, type ToastKind } from '../../lib/toast';
import {
  applyPushed,
  applyRead,
  fetchLatestNotifications,
  markNotificationRead,
  notificationKeys,
} from './api';

/** the specified fields: error and success keep their kind; anything else is shown as info. */
export function toastKind(type: string): ToastKind {
  return type === 'error' || type === 'success' ? type : 'info';
}

/** What the bell's count depends on: a change here means the count should be read again. */
const signature = (items: NotificationDto[] | undefined) =>
  items?.map((item) => `${item.id}:${item.is_read ? 1 : 0}`).join(',');

/**
 * What has been toasted, and the mark-read timers still running, for the signed-in member. Kept
 * apart from any one mounted layout: moving from a public page to a signed-in one mounts another
 * layout, which must neither toast the same notification again nor lose the pending mark-read.
 */
const session = {
  memberId: undefined as number | undefined,
  announced: new Set<number>(),
  timers: new Set<ReturnType<typeof setTimeout>>(),
  /** The member's notification toasts still on screen, and how to close them. */
  toasts: new Set<number>(),
  dismiss: undefined as ((id: number) => void) | undefined,
};

/**
 * A member's notifications are theirs: once nobody is signed in (a logout, a deleted account) the
 * ones still on screen close, so the login page never shows "Account Logged In successfully" beside
 * "Your account has been deleted.".
 */
function closeToastsOnSignOut() {
  if (authStore.getSnapshot().user) return;
  for (const id of session.toasts) session.dismiss?.(id);
  session.toasts.clear();
}
let isWatchingSignOut = false;

/** The member's session; another member (a sign-out, then someone else) starts a new one. */
function sessionOf(memberId: number) {
  if (session.memberId !== memberId) {
    for (const timer of session.timers) clearTimeout(timer);
    session.timers.clear();
    session.announced.clear();
    session.memberId = memberId;
  }
  return session;
}

/**
 * the specified states Notification polling, plus the live push (docs/design.md#behaviour-the-specification-leaves-open). Mount once, in the common layout.
 *
 * Every NOTIFICATION_POLL_MS (and once at the start) the member's newest notifications are fetched;
 * a new fetch aborts one still in flight; without a member nothing is fetched. The first unread one
 * is shown as a toast, then marked read. A `notification` pushed over the socket is shown the same
 * way at once, and the bell's count and list take it in. A notification is toasted once, whichever
 * way it came. "Then marked read" is when its toast has had its time on screen, so the bell counts
 * it as new meanwhile; a failure to mark it is only logged.
 */
export function useNotificationPoller(): void {
  const userId = useAuth().user?.id;
  const toast = useToast();
  const queryClient = useQueryClient();
  const latest = useRef({ toast, queryClient, userId });
  useEffect(() => {
    latest.current = { toast, queryClient, userId };
  });

  // Stable across renders (it reads the latest values when called), so the poll does not restart.
  const announce = useCallback((item: NotificationDto) => {
    const { toast: toasts, userId: memberId } = latest.current;
    if (!memberId) return;
    const { announced, timers } = sessionOf(memberId);
    if (announced.has(item.id)) return;
    announced.add(item.id);
    const toastId = toasts.show({ message: item.message, kind: toastKind(item.type) });
    session.toasts.add(toastId);
    session.dismiss = toasts.dismiss;
    if (!isWatchingSignOut) {
      isWatchingSignOut = true;
      authStore.subscribe(closeToastsOnSignOut);
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      session.toasts.delete(toastId);
      // Signed out (or someone else signed in) meanwhile: the notification stays for its member.
      if (authStore.getSnapshot().user?.id !== memberId) return;
      markNotificationRead(item.id).then(
        (read) => {
          const current = latest.current;
          if (current.userId === memberId) applyRead(current.queryClient, memberId, read);
        },
        (error: unknown) => logError('marking a notification read failed', error),
      );
    }, TOAST_DISMISS_MS);
    timers.add(timer);
  }, []);

  /** Fetches the newest notifications now (the poll of the mounted member), if anyone is signed in. */
  const pollNow = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!userId) return;
    const shown = sessionOf(userId).announced;
    let inFlight: AbortController | null = null;

    async function poll(memberId: number) {
      inFlight?.abort();
      const controller = new AbortController();
      inFlight = controller;
      try {
        const items = await fetchLatestNotifications(memberId, controller.signal);
        const client = latest.current.queryClient;
        const key = notificationKeys.latest(memberId);
        const before = signature(client.getQueryData<NotificationDto[]>(key));
        client.setQueryData(key, items);
        // Something changed since the last poll: the count and an open full list are read again.
        if (before !== undefined && before !== signature(items)) {
          void client.invalidateQueries({ queryKey: notificationKeys.unreadCount(memberId) });
          void client.invalidateQueries({ queryKey: notificationKeys.pages(memberId) });
        }
        const firstUnread = items.find((item) => !item.is_read && !shown.has(item.id));
        if (firstUnread) announce(firstUnread);
      } catch (error) {
        // A cancelled poll says nothing (the specified error texts); a failed one is tried again at the next tick.
        if (!controller.signal.aborted) logError('polling notifications failed', error);
      } finally {
        if (inFlight === controller) inFlight = null;
      }
    }

    // With the data saver on, a hidden tab skips its polls (the live connection rests too), and
    // the tab catches up with one poll as soon as it shows again.
    let rested = false;
    const isResting = () => document.visibilityState === 'hidden' && isDataSaverOn();
    function tick(memberId: number) {
      if (isResting()) rested = true;
      else void poll(memberId);
    }
    const memberId = userId;
    function handleVisibility() {
      if (isResting()) rested = true;
      else if (document.visibilityState === 'visible' && rested) {
        rested = false;
        void poll(memberId);
      }
    }

    void poll(userId);
    pollNow.current = () => void poll(memberId);
    const interval = setInterval(() => tick(userId), NOTIFICATION_POLL_MS);
    document.addEventListener('visibilitychange', handleVisibility);
    // The session (what was toasted, the pending mark-reads) outlives this layout on purpose.
    return () => {
      pollNow.current = null;
      clearInterval(interval);
      document.removeEventListener('visibilitychange', handleVisibility);
      inFlight?.abort();
    };
  }, [userId, announce]);

  // The live connection came back after a drop (or a rest): what was pushed meanwhile never
  // arrived, so the newest notifications are fetched now rather than at the next poll, and the
  // bell's count and an open full list are read again.
  useRealtimeResume(() => {
    const { queryClient: client, userId: memberId } = latest.current;
    if (!memberId) return;
    pollNow.current?.();
    void client.invalidateQueries({ queryKey: notificationKeys.unreadCount(memberId) });
    void client.invalidateQueries({ queryKey: notificationKeys.pages(memberId) });
  });

  useRealtimeEvent('notification', (item) => {
    const { queryClient: client, userId: memberId } = latest.current;
    if (!memberId || item.user_id !== memberId) return;
    applyPushed(client, memberId, item);
    if (!item.is_read) announce(item);
  });
}
