import { NavLink } from 'react-router';
import { ChatIcon } from '../../components/message-button';
import { t } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useMessagesUnreadCount } from './api';

const BADGE_MAX = 99;

function UnreadBadge({ count, className }: { count: number; className: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="messages-badge"
      className={`absolute ${className} inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-bold text-white ring-2 ring-white`}
    >
      {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
    </span>
  );
}

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
      <UnreadBadge count={count} className="-top-0.5 -right-0.5" />
    </NavLink>
  );
}

/** The bottom nav's Messages entry (under 768 px), with the same badge. */
export function MessagesNavLink({ className }: { className: (isActive: boolean) => string }) {
  const count = useMessagesUnreadCount().data ?? 0;
  return (
    <NavLink
      to={paths.messages}
      data-testid="messages-link"
      className={({ isActive }) => className(isActive)}
    >
      <span className="relative">
        <ChatIcon className="size-6" />
        <UnreadBadge count={count} className="-top-2 left-3.5" />
      </span>
      {t('messages.navShort')}
      <UnreadText count={count} />
    </NavLink>
  );
}
