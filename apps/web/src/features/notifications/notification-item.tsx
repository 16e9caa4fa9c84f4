import type { NotificationDto } from '@jamii/shared';
import { Link } from 'react-router';
import { CheckIcon, TrashIcon } from '../../components/icons';
import { t } from '../../lib/i18n';
import { formatDateTime } from '../../lib/time';
import { useToast } from '../../lib/toast';
import { useDeleteNotification, useMarkRead } from './api';

/** the specified constants: notification times in the member's local format. */
export function formatNotificationTime(iso: string): string {
  return formatDateTime(iso);
}

const dotClasses: Record<NotificationDto['type'], string> = {
  error: 'bg-red-600',
  success: 'bg-brand-600',
  info: 'bg-gray-400',
};

const actionClass =
  'inline-flex min-h-9 items-center gap-1 rounded-md px-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-60';

/**
 * One notification (the specified screens Notifications page): unread ones highlighted, with Mark as read; every
 * one with Delete. Failures say `Failed to mark as read` or `Failed to delete notification`.
 */
export function NotificationItem({
  item,
  isCompact = false,
}: {
  item: NotificationDto;
  isCompact?: boolean;
}) {
  const toast = useToast();
  const markRead = useMarkRead();
  const removal = useDeleteNotification();
  const isUnread = !item.is_read;
  const kind = item.type === 'error' || item.type === 'success' ? item.type : 'info';

  return (
    <li
      data-testid="notification"
      data-unread={isUnread}
      className={`flex gap-3 ${isCompact ? 'px-4 py-3' : 'px-4 py-3.5'} ${
        isUnread ? 'border-l-4 border-l-brand-600 bg-brand-50' : 'border-l-4 border-l-transparent bg-white'
      }`}
    >
      <span aria-hidden="true" className={`mt-1.5 size-2.5 shrink-0 rounded-full ${dotClasses[kind]}`} />
      <div className="min-w-0 flex-1">
        <p className={`text-sm break-words text-gray-900 ${isUnread ? 'font-semibold' : ''}`}>
          {isUnread && <span className="sr-only">{t('notifications.unread')}: </span>}
          {item.link ? (
            <Link
              to={item.link}
              // Opening it is reading it.
              onClick={() => isUnread && markRead.mutate(item.id)}
              className="hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {item.message}
            </Link>
          ) : (
            item.message
          )}
        </p>
        <p className="mt-0.5 text-xs text-gray-600">
          <time dateTime={item.created_at}>{formatNotificationTime(item.created_at)}</time>
        </p>
        <div className="mt-1 -ml-2 flex flex-wrap items-center gap-1">
          {isUnread && (
            <button
              type="button"
              disabled={markRead.isPending}
              onClick={() =>
                markRead.mutate(item.id, { onError: () => toast.error(t('notifications.markReadFailed')) })
              }
              className={`${actionClass} text-brand-700 hover:bg-brand-100`}
            >
              <CheckIcon className="size-4" />
              {t('notifications.markRead')}
            </button>
          )}
          <button
            type="button"
            disabled={removal.isPending}
            aria-label={t('notifications.deleteLabel')}
            onClick={() =>
              removal.mutate(item.id, { onError: () => toast.error(t('notifications.deleteFailed')) })
            }
            className={`${actionClass} text-gray-600 hover:bg-gray-100 hover:text-red-700`}
          >
            <TrashIcon className="size-4" />
            {t('notifications.delete')}
          </button>
        </div>
      </div>
    </li>
  );
}
