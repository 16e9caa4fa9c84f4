import {
  NOTIFICATION_CATEGORIES,
  type NotificationDto,
  type NotificationPreferences,
  type NotificationPreferencesInputValues,
  type ReadAllAnswer,
  type UnreadCount,
} from '@jamii/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchPage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { logError } from '../../lib/log';
import {
  useCursorList,
  isPagedList,
  prependToPages,
  updatePagedItems,
  type PagedList,
} from '../../lib/pages';
import { withQuery } from '../../lib/with-query';

/** The bell's dropdown and each poll: the newest few (a poll costs data every minute). */
export const LATEST_LIMIT = 10;
/** A page of the Your Notifications list. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationKeys = {
  all: ['notifications'] as const,
  member: (userId: number) => ['notifications', userId] as const,
  /** The newest LATEST_LIMIT, as the poll and the bell read them. */
  latest: (userId: number) => ['notifications', userId, 'latest'] as const,
  /** The full list, a keyset page at a time. */
  pages: (userId: number) => ['notifications', userId, 'pages'] as const,
  unreadCount: (userId: number) => ['notifications', userId, 'unread-count'] as const,
};

/** `GET /api/notifications/{userId}?limit=`: the newest notifications, newest first. */
export async function fetchLatestNotifications(
  userId: number,
  signal?: AbortSignal,
): Promise<NotificationDto[]> {
  const page = await apiFetchPage<NotificationDto>(
    withQuery(`/api/notifications/${userId}`, { limit: LATEST_LIMIT }),
    { signal },
  );
  return page.data;
}

/** `PUT /api/notifications/{id}/read`. */
export function markNotificationRead(id: number): Promise<NotificationDto> {
  return apiFetch<NotificationDto>(`/api/notifications/${id}/read`, { method: 'PUT' });
}

/** The signed-in member's id, or 0 without one (queries are then disabled: the specified states). */
function useMemberId(): number {
  return useAuth().user?.id ?? 0;
}

/** The newest notifications for the bell; the poll keeps them fresh, so this rarely fetches itself. */
export function useLatestNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  const userId = useMemberId();
  return useQuery({
    queryKey: notificationKeys.latest(userId),
    queryFn: ({ signal }) => fetchLatestNotifications(userId, signal),
    enabled: enabled && userId > 0,
  });
}

/** Your Notifications: every notification, newest first, a keyset page at a time. */
export function useNotificationPages() {
  const userId = useMemberId();
  return useCursorList<NotificationDto>(
    notificationKeys.pages(userId),
    `/api/notifications/${userId}`,
    { limit: NOTIFICATIONS_PAGE_SIZE },
    { enabled: userId > 0 },
  );
}

/**
 * `GET /api/notifications/{userId}/unread-count`. the specified error texts: a failed count is 0 (the failure is
 * only logged), so the bell never shows a stale or broken number.
 */
export function useUnreadCount() {
  const userId = useMemberId();
  return useQuery({
    queryKey: notificationKeys.unreadCount(userId),
    queryFn: async ({ signal }) => {
      try {
        const { count } = await apiFetch<UnreadCount>(`/api/notifications/${userId}/unread-count`, {
          signal,
        });
        return count;
      } catch (error) {
        if (signal.aborted) throw error;
        logError('loading the unread notification count failed', error);
        return 0;
      }
    },
    enabled: userId > 0,
  });
}

type Update = (item: NotificationDto) => NotificationDto | null;

/** Changes (or removes) one notification in the bell's list and the full list. */
function patchNotification(queryClient: QueryClient, userId: number, id: number, update: Update) {
  queryClient.setQueryData<NotificationDto[]>(notificationKeys.latest(userId), (items) => {
    if (!items?.some((item) => item.id === id)) return items;
    return items.flatMap((item) => {
      if (item.id !== id) return [item];
      const next = update(item);
      return next ? [next] : [];
    });
  });
  queryClient.setQueryData<PagedList<NotificationDto>>(notificationKeys.pages(userId), (data) =>
    isPagedList<NotificationDto>(data) ? updatePagedItems(data, (item) => item.id === id, update) : data,
  );
}

function shiftUnreadCount(queryClient: QueryClient, userId: number, delta: number) {
  queryClient.setQueryData<number>(notificationKeys.unreadCount(userId), (count) =>
    count === undefined ? count : Math.max(0, count + delta),
  );
}

/** Whether the caches know this notification as unread (so the count should move when it changes). */
function isKnownUnread(queryClient: QueryClient, userId: number, id: number): boolean | undefined {
  const latest = queryClient.getQueryData<NotificationDto[]>(notificationKeys.latest(userId));
  const pages = queryClient.getQueryData<PagedList<NotificationDto>>(notificationKeys.pages(userId));
  const found =
    latest?.find((item) => item.id === id) ??
    pages?.pages.flatMap((page) => page.data).find((item) => item.id === id);
  return found ? !found.is_read : undefined;
}

/** After `PUT .../read` answered: the item is read everywhere and the count drops by one. */
export function applyRead(queryClient: QueryClient, userId: number, read: NotificationDto): void {
  if (isKnownUnread(queryClient, userId, read.id) !== false) shiftUnreadCount(queryClient, userId, -1);
  patchNotification(queryClient, userId, read.id, (item) => ({ ...item, ...read, is_read: true }));
}

/**
 * A notification pushed live: it goes to the top of the bell's list and the full list (once, even
 * if the poll brought it already) and counts as unread until it is marked read.
 */
export function applyPushed(queryClient: QueryClient, userId: number, item: NotificationDto): void {
  const known = isKnownUnread(queryClient, userId, item.id);
  if (known === undefined) {
    if (!item.is_read) shiftUnreadCount(queryClient, userId, 1);
    queryClient.setQueryData<NotificationDto[]>(notificationKeys.latest(userId), (items) =>
      items ? [item, ...items].slice(0, LATEST_LIMIT) : items,
    );
    queryClient.setQueryData<PagedList<NotificationDto>>(notificationKeys.pages(userId), (data) =>
      prependToPages(data, item),
    );
    return;
  }
  // Known already (a refreshed, grouped notification): take the new text and state.
  if (known && item.is_read) shiftUnreadCount(queryClient, userId, -1);
  if (!known && !item.is_read) shiftUnreadCount(queryClient, userId, 1);
  patchNotification(queryClient, userId, item.id, () => item);
}

/** Mark as read from a list; the caller shows `Failed to mark as read` on failure. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const userId = useMemberId();
  return useMutation({
    mutationFn: (id: number) => markNotificationRead(id),
    onSuccess: (read) => applyRead(queryClient, userId, read),
  });
}

/** `DELETE /api/notifications/{id}`; the caller shows `Failed to delete notification` on failure. */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  const userId = useMemberId();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/notifications/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      if (isKnownUnread(queryClient, userId, id)) shiftUnreadCount(queryClient, userId, -1);
      patchNotification(queryClient, userId, id, () => null);
    },
  });
}

/**
 * `PUT /api/notifications/read-all`: every notification of mine read; the lists and the bell's count
 * follow at once. The caller shows `Failed to mark all as read` on failure.
 */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  const userId = useMemberId();
  return useMutation({
    mutationFn: () => apiFetch<ReadAllAnswer>('/api/notifications/read-all', { method: 'PUT' }),
    onSuccess: () => {
      const markRead = (item: NotificationDto) => (item.is_read ? item : { ...item, is_read: true });
      queryClient.setQueryData<NotificationDto[]>(notificationKeys.latest(userId), (items) =>
        items?.map(markRead),
      );
      queryClient.setQueryData<PagedList<NotificationDto>>(notificationKeys.pages(userId), (data) =>
        isPagedList<NotificationDto>(data) ? updatePagedItems(data, () => true, markRead) : data,
      );
      queryClient.setQueryData<number>(notificationKeys.unreadCount(userId), 0);
    },
  });
}

const PREFERENCES_KEY = ['notifications', 'preferences'] as const;

/** `GET /api/notifications/preferences`: each category with its channels. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }) => apiFetch<NotificationPreferences>('/api/notifications/preferences', { signal }),
  });
}

/**
 * `PUT /api/notifications/preferences` with one change: the switch moves at once and takes the
 * server's answer; a failure puts it back (the caller says so).
 */
export function useSavePreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: NotificationPreferencesInputValues) =>
      apiFetch<NotificationPreferences>('/api/notifications/preferences', { method: 'PUT', body: change }),
    onMutate: (change) => {
      const before = queryClient.getQueryData<NotificationPreferences>(PREFERENCES_KEY);
      if (before) {
        const next = { ...before };
        for (const category of NOTIFICATION_CATEGORIES) {
          const channels = change[category];
          if (channels) next[category] = { ...before[category], ...channels };
        }
        queryClient.setQueryData(PREFERENCES_KEY, next);
      }
      return { before };
    },
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(PREFERENCES_KEY, context.before);
    },
  });
}
