import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { BrandLink } from '../../components/brand-link';
import { SearchIcon } from '../../components/icons';
import { LanguageSwitch } from '../../components/language-switch';
import { MessagesTopLink } from '../../features/messages/messages-nav';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { t } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { UserMenu } from './user-menu';

/** the specified screens Top bar, on screens of 768 px and wider: logo, search, the bell and the user menu. */
export function TopBar() {
  const navigate = useNavigate();

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const search = String(new FormData(event.currentTarget).get('search') ?? '').trim();
    void navigate(paths.explore(search || undefined));
  }

  return (
    <header className="sticky top-0 z-30 hidden border-b border-gray-200 bg-white md:block">
      <div className="mx-auto flex max-w-6xl items-center gap-6 px-4 py-2 lg:max-w-7xl">
        <BrandLink to={paths.feed()} />
        <form role="search" onSubmit={handleSearch} className="max-w-md flex-1">
          <label htmlFor="top-bar-search" className="sr-only">
            {t('search.label')}
          </label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400" />
            <input
              id="top-bar-search"
              name="search"
              type="search"
              enterKeyHint="search"
              placeholder={t('search.placeholder')}
              className="block w-full rounded-full border border-gray-300 bg-gray-50 py-2 pr-4 pl-9 text-sm text-gray-900 placeholder:text-gray-500 focus:border-brand-600 focus:bg-white focus:outline-2 focus:outline-brand-600/30"
            />
          </div>
        </form>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitch />
          <MessagesTopLink />
          <NotificationBell />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
