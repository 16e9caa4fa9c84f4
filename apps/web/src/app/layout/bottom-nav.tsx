import type { ComponentType, SVGProps } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { BriefcaseIcon, CompassIcon, HomeIcon, PlusIcon, UserIcon } from '../../components/icons';
import { MessagesNavLink } from '../../features/messages/messages-nav';
import { NotificationsNavLink } from '../../features/notifications/notification-bell';
import { t, type PlainMessageKey } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { QuickCreateSheet } from './quick-create-sheet';

interface NavItem {
  to: string;
  label: PlainMessageKey;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

// the specified screens: feed, explore, (the plus button), jobs, profile; the profile link uses the word me.
// The notifications bell (the top bar's, on wide screens) sits before the profile.
const leftItems: readonly NavItem[] = [
  { to: paths.feed(), label: 'nav.feed', Icon: HomeIcon },
  { to: paths.explore(), label: 'nav.explore', Icon: CompassIcon },
];
const jobsItem: NavItem = { to: paths.jobs, label: 'nav.jobs', Icon: BriefcaseIcon };
const profileItem: NavItem = { to: paths.profile('me'), label: 'nav.profile', Icon: UserIcon };

const itemClass =
  'flex min-h-14 flex-col items-center justify-center gap-0.5 text-[0.6875rem] font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600';

function NavItemLink({ to, label, Icon }: NavItem) {
  return (
    <li>
      <NavLink
        to={to}
        className={({ isActive }) => `${itemClass} ${isActive ? 'text-brand-700' : 'text-gray-600'}`}
      >
        <Icon className="size-6" />
        {t(label)}
      </NavLink>
    </li>
  );
}

/**
 * Quick Create is open while the history entry says so: opening it adds an entry, so the phone's
 * Back button closes the sheet instead of leaving the page under it (docs/web-performance.md); closing it
 * otherwise goes back over that entry, so the history is as it was.
 */
function useQuickCreateEntry() {
  const location = useLocation();
  const navigate = useNavigate();
  const state: unknown = location.state;
  const isOpen = typeof state === 'object' && state !== null && 'quickCreate' in state;
  return {
    isOpen,
    open: () => {
      if (isOpen) return;
      void navigate(`${location.pathname}${location.search}${location.hash}`, {
        state: { ...(typeof state === 'object' ? state : {}), quickCreate: true },
      });
    },
    close: () => {
      if (isOpen) void navigate(-1);
    },
  };
}

/** the specified screens Bottom nav, under 768 px. */
export function BottomNav() {
  const { isOpen: isCreating, open: openCreate, close: closeCreate } = useQuickCreateEntry();
  return (
    <nav
      aria-label={t('layout.mainNav')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="mx-auto grid max-w-md grid-cols-7">
        {leftItems.map((item) => (
          <NavItemLink key={item.to} {...item} />
        ))}
        <li className="flex items-center justify-center">
          <button
            type="button"
            aria-haspopup="dialog"
            aria-expanded={isCreating}
            onClick={openCreate}
            className="inline-flex size-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-md hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <PlusIcon className="size-6" />
            <span className="sr-only">{t('nav.create')}</span>
          </button>
        </li>
        <NavItemLink {...jobsItem} />
        <li>
          <MessagesNavLink
            className={(isActive) => `${itemClass} ${isActive ? 'text-brand-700' : 'text-gray-600'}`}
          />
        </li>
        <li>
          <NotificationsNavLink
            className={(isActive) => `${itemClass} ${isActive ? 'text-brand-700' : 'text-gray-600'}`}
          />
        </li>
        <NavItemLink {...profileItem} />
      </ul>
      <QuickCreateSheet open={isCreating} onClose={closeCreate} />
    </nav>
  );
}
