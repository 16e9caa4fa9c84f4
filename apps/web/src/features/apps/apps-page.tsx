import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { LanguageSwitch } from '../../components/language-switch';
import { BrandLink } from '../../components/brand-link';
import { buttonClasses } from '../../components/button-styles';
import { GlobeIcon, LogoutIcon, PeopleIcon, TrophyIcon } from '../../components/icons';
import { useAuth, useLogout } from '../../lib/auth';
import { t, type PlainMessageKey } from '../../lib/i18n';
import { useToast } from '../../lib/toast';

interface AppTile {
  label: Extract<PlainMessageKey, `apps.${string}`>;
  to: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const tiles: readonly AppTile[] = [
  { label: 'apps.quiz', to: paths.quiz, Icon: GlobeIcon },
  { label: 'apps.socialConnect', to: paths.feed(), Icon: PeopleIcon },
  { label: 'apps.achievements', to: paths.achievements, Icon: TrophyIcon },
];

/** the specified screens home menu: the Logout button says goodbye by name and goes to /login. */
function LogoutButton() {
  const { user } = useAuth();
  const logout = useLogout();
  const toast = useToast();
  if (!user) return null;
  const { name } = user;

  function handleLogout() {
    toast.success(t('apps.goodbye', { name }));
    void logout();
  }

  return (
    <button
      type="button"
      onClick={handleLogout}
      className={`self-center ${buttonClasses('secondary', 'lg')}`}
    >
      <LogoutIcon className="size-5" />
      {t('apps.logout')}
    </button>
  );
}

export function AppsPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-gray-50">
      <title>{t('page.title', { page: t('apps.title') })}</title>
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3">
          <BrandLink />
          <LanguageSwitch />
        </div>
      </header>

      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-8 px-4 py-8">
        <h1 className="text-2xl font-bold tracking-tight">{t('apps.title')}</h1>
        <ul className="grid grid-cols-3 gap-2.5 sm:gap-5">
          {tiles.map(({ label, to, Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex h-full flex-col items-center gap-3 rounded-2xl border border-gray-200 bg-white px-1 py-5 text-center shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:py-8"
              >
                <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-700 text-white sm:size-16">
                  <Icon className="size-7 sm:size-8" />
                </span>
                <span className="text-xs leading-tight font-semibold text-gray-900 sm:text-base">
                  {t(label)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <LogoutButton />
      </main>
    </div>
  );
}
