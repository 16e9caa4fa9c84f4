import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar';
import { ChevronDownIcon, LogoutIcon, PeopleIcon, UserIcon } from '../../components/icons';
import { LogoutDialog } from '../../components/logout-dialog';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useDropdown } from '../../lib/use-dropdown';

const itemClass =
  'flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm text-gray-800 hover:bg-gray-100 focus-visible:bg-gray-100 focus-visible:outline-none';

/** The top bar's menu (the specified screens): Profile, and Logout behind a confirmation. */
export function UserMenu() {
  const { user } = useAuth();
  const { isOpen, setIsOpen, rootRef, panelId, toggleProps } = useDropdown();
  const [isConfirmingLogout, setIsConfirmingLogout] = useState(false);

  if (!user) return null;

  return (
    <div ref={rootRef} className="relative">
      <button
        {...toggleProps}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Avatar person={user} size="sm" />
        <span className="sr-only">{t('userMenu.button')}: </span>
        <span className="max-w-40 truncate">{user.name}</span>
        <ChevronDownIcon className="size-4 text-gray-500" />
      </button>
      {isOpen && (
        <div
          id={panelId}
          className="absolute right-0 z-40 mt-2 w-60 overflow-hidden rounded-xl bg-white py-1 shadow-lg ring-1 ring-gray-900/10"
        >
          <div className="border-b border-gray-100 px-4 py-2.5">
            <p className="truncate text-sm font-semibold text-gray-900">{user.name}</p>
            <p className="truncate text-sm text-gray-500">{user.username}</p>
          </div>
          <Link to={paths.profile(user.id)} onClick={() => setIsOpen(false)} className={itemClass}>
            <UserIcon className="size-4 text-gray-500" />
            {t('userMenu.profile')}
          </Link>
          {user.role === 'admin' && (
            <Link to={paths.adminReports} onClick={() => setIsOpen(false)} className={itemClass}>
              <PeopleIcon className="size-4 text-gray-500" />
              {t('userMenu.admin')}
            </Link>
          )}
          <button
            type="button"
            onClick={() => {
              setIsOpen(false);
              setIsConfirmingLogout(true);
            }}
            className={itemClass}
          >
            <LogoutIcon className="size-4 text-gray-500" />
            {t('userMenu.logout')}
          </button>
        </div>
      )}
      <LogoutDialog open={isConfirmingLogout} onClose={() => setIsConfirmingLogout(false)} />
    </div>
  );
}
