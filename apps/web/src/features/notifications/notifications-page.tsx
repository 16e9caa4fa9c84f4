import { useEffect } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { CardSkeletons } from '../../components/card-skeleton';
import { EmptyState, ListError } from '../../components/list-states';
import { MorePages } from '../../components/load-more';
import { t } from '../../lib/i18n';
import { flattenPages } from '../../lib/pages';
import { useToast } from '../../lib/toast';
import { useMarkAllRead, useNotificationPages, useUnreadCount } from './api';
import { NotificationItem } from './notification-item';

/**
 * Every notification of the member, newest first, older ones a keyset page at a time. A failed load
 * says `Failed to load notifications` (a cancelled one says nothing: TanStack Query does not count
 * a cancelled fetch as an error).
 */
export function NotificationList() {
  const list = useNotificationPages();
  const toast = useToast();
  const { isError, errorUpdatedAt } = list;

  useEffect(() => {
    if (isError) toast.error(t('notifications.loadFailed'));
  }, [isError, errorUpdatedAt, toast]);

  if (list.isPending) return <CardSkeletons count={3} />;
  if (isError && !list.data) {
    return <ListError message={t('notifications.loadFailed')} onRetry={() => void list.refetch()} />;
  }
  const items = flattenPages(list.data);
  if (items.length === 0) return <EmptyState>{t('notifications.empty')}</EmptyState>;
  return (
    <>
      <MarkAllRead />
      <ul className="divide-y divide-gray-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-900/5">
        {items.map((item) => (
          <NotificationItem key={item.id} item={item} />
        ))}
      </ul>
      <MorePages list={list} />
    </>
  );
}

/** Mark all as read (docs/features/notifications.md), shown while something is unread. */
function MarkAllRead() {
  const unread = useUnreadCount().data ?? 0;
  const markAll = useMarkAllRead();
  const toast = useToast();
  if (unread === 0) return null;
  return (
    <div className="mb-3 flex justify-end">
      <button
        type="button"
        disabled={markAll.isPending}
        onClick={() =>
          markAll.mutate(undefined, { onError: () => toast.error(t('notifications.markAllFailed')) })
        }
        className={buttonClasses('secondary')}
      >
        {t('notifications.markAllRead')}
      </button>
    </div>
  );
}

/** the specified screens Notifications page (`/notifications`), titled Your Notifications. */
export function NotificationsPage() {
  return (
    <div className="mx-auto w-full max-w-2xl px-3 py-4 sm:px-4 sm:py-6">
      <title>{t('page.title', { page: t('notifications.title') })}</title>
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-gray-900">{t('notifications.title')}</h1>
      <NotificationList />
    </div>
  );
}

/** The profile's notification tab (the specified screens Profile): the same list. */
export function NotificationsTab() {
  return (
    <section aria-label={t('notifications.title')}>
      <NotificationList />
    </section>
  );
}
