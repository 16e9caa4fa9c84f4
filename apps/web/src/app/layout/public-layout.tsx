import { Link, Outlet, useLocation } from 'react-router';
import { BrandLink } from '../../components/brand-link';
import { buttonClasses } from '../../components/button-styles';
import { LanguageSwitch } from '../../components/language-switch';
import { useAuth, type LoginRedirectState } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { CommonLayout } from './common-layout';

/** A visitor's frame for public pages: the logo, Log in (coming back here after) and Sign up. */
function VisitorLayout() {
  const location = useLocation();
  const state: LoginRedirectState = { from: location };
  return (
    <div className="min-h-dvh bg-gray-50">
      <header className="sticky top-0 z-30 border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-2">
          <BrandLink />
          <nav aria-label={t('layout.visitorNav')} className="flex items-center gap-2">
            <LanguageSwitch />
            <Link to={paths.login} state={state} className={buttonClasses('ghost')}>
              {t('layout.logIn')}
            </Link>
            <Link to={paths.signup} className={buttonClasses('primary')}>
              {t('landing.signUp')}
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" className="pb-10">
        <Outlet />
      </main>
    </div>
  );
}

/**
 * Public pages (the Jobs Feed, job details) in the chrome of whoever looks: a member gets the common
 * layout (top bar, bottom nav), a visitor a header with Log in and Sign up.
 */
export function PublicLayout() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <CommonLayout /> : <VisitorLayout />;
}
