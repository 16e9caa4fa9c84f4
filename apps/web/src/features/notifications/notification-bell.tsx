import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { BellIcon } from '../../components/icons';
import { BadgedNavLink } from '../../components/badged-nav-link';
import { CountBadge } from '../../components/count-badge';
import { t } from '../../lib/i18n';
import { useLatestNotifications, useUnreadCount } from './api';
import { NotificationItem } from './notification-item';
import { useDropdown } from '../../lib/use-dropdown';

/** The bell's name for screen readers: "Notifications", and how many are unread. */
function UnreadText({ count }: { count: number }) {
  return count > 0 ? <span className="sr-only">, {t('notifications.unreadCount', { count })}</span> : null;
}

function LatestList() {
  const latest = useLatestNotifications();
  if (latest.isPending) {
    return (
      <p role="status" className="px-4 py-6 text-center text-sm text-gray-600">
        {t('common.loading')}
      </p>
    );
  }
  if (latest.isError) {
    return <p className="px-4 py-6 text-center text-sm text-gray-700">{t('notifications.loadFailed')}</p>;
  }
  if (latest.data.length === 0) {
    return <p className="px-4 py-6 text-center text-sm text-gray-600">{t('notifications.empty')}</p>;
  }
  return (
    <ul aria-label={t('notifications.latest')} className="divide-y divide-gray-100">
      {latest.data.map((item) => (
        <NotificationItem key={item.id} item={item} isCompact />
      ))}
    </ul>
  );
}

/**
 * the specified screens Top bar bell: the unread count, and a dropdown (at most max-h-96, scrolling) with the
 * newest notifications and a link to the Your Notifications page.
 */
export function NotificationBell() {
  const count = useUnreadCount().data ?? 0;
  const { isOpen, setIsOpen, rootRef, panelId, toggleProps } = useDropdown();

  return (
    <div ref={rootRef} className="relative">
      <button
        {...toggleProps}
        className="relative inline-flex size-10 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <BellIcon className="size-6" />
        <span className="sr-only">{t('notifications.bell')}</span>
        <UnreadText count={count} />
        <CountBadge count={count} className="-top-0.5 -right-0.5" testId="unread-badge" />
      </button>
      {isOpen && (
        <div
          id={panelId}
          role="region"
          aria-label={t('notifications.bell')}
          className="absolute right-0 z-40 mt-2 flex w-96 max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-xl bg-white shadow-lg ring-1 ring-gray-900/10"
        >
          <div className="flex items-center justify-between gap-3 border-b border-gray-100 px-4 py-2.5">
            <p className="font-semibold text-gray-900">{t('notifications.bell')}</p>
            <Link
              to={paths.notifications}
              onClick={() => setIsOpen(false)}
              className="rounded-md text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {t('notifications.seeAll')}
            </Link>
          </div>
          <div data-testid="bell-dropdown-list" className="max-h-96 overflow-y-auto overscroll-contain">
            <LatestList />
          </div>
        </div>
      )}
    </div>
  );
}

/** The bell on small screens: a bottom-nav link to the Your Notifications page, with the count. */
export function NotificationsNavLink({ className }: { className: (isActive: boolean) => string }) {
  const count = useUnreadCount().data ?? 0;
  return (
    <BadgedNavLink
      to={paths.notifications}
      icon={<BellIcon className="size-6" />}
      label={t('notifications.navLabel')}
      count={count}
      badgeTestId="unread-badge"
      className={className}
    >
      <UnreadText count={count} />
    </BadgedNavLink>
  );
}
