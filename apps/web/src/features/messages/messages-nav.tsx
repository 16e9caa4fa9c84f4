import { NavLink } from 'react-router';
import { ChatIcon } from '../../components/message-button';
import { BadgedNavLink } from '../../components/badged-nav-link';
import { CountBadge } from '../../components/count-badge';
import { t } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useMessagesUnreadCount } from './api';

function UnreadText({ count }: { count: number }) {
  return count > 0 ? <span className="sr-only">, {t('messages.unreadCount', { count })}</span> : null;
}

/** The top bar's Messages entry (768 px and wider): an icon with the unread badge. */
export function MessagesTopLink() {
  const count = useMessagesUnreadCount().data ?? 0;
  return (
    <NavLink
      to={paths.messages}
      data-testid="messages-link"
      className={({ isActive }) =>
        `relative inline-flex size-10 items-center justify-center rounded-full hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${isActive ? 'text-brand-700' : 'text-gray-700'}`
      }
    >
      <ChatIcon className="size-6" />
      <span className="sr-only">{t('messages.nav')}</span>
      <UnreadText count={count} />
      <CountBadge count={count} className="-top-0.5 -right-0.5" testId="messages-badge" />
    </NavLink>
  );
}

/** The bottom nav's Messages entry (under 768 px), with the same badge. */
export function MessagesNavLink({ className }: { className: (isActive: boolean) => string }) {
  const count = useMessagesUnreadCount().data ?? 0;
  return (
    <BadgedNavLink
      to={paths.messages}
      icon={<ChatIcon className="size-6" />}
      label={t('messages.navShort')}
      count={count}
      badgeTestId="messages-badge"
      className={className}
      testId="messages-link"
    >
      <UnreadText count={count} />
    </BadgedNavLink>
  );
}
