import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { buttonClasses } from '../components/button-styles';
import { PageSpinner } from '../components/page-spinner';
import { authStore, useAuth, type LoginRedirectState } from '../lib/auth';
import { t } from '../lib/i18n';
import { paths } from '../lib/paths';

/**
 * The login guard (the specified screens): a full-screen spinner until the identity check (`GET /api/me`, with one
 * cookie refresh on a 401) ends; then the page, or /login (replacing history) with the page asked
 * for in `state.from`. Used as a layout route, or around one element.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isAuthenticated, sessionCheck } = useAuth();
  const location = useLocation();

  useEffect(() => {
    if (sessionCheck === 'unchecked') void authStore.verifySession();
  }, [sessionCheck]);

  if (sessionCheck === 'allowed' && isAuthenticated) return children ?? <Outlet />;
  if (sessionCheck === 'denied') {
    const state: LoginRedirectState = { from: location };
    return <Navigate to={paths.login} replace state={state} />;
  }
  if (sessionCheck === 'unreachable') return <SessionCheckFailed />;
  return <PageSpinner />;
}

/**
 * What the guard routes start (app/screens.tsx): the identity check, while the page's code downloads
 * instead of after (one round trip less before a guarded page shows on a slow connection).
 */
export function startSessionCheck(): void {
  if (authStore.getSnapshot().sessionCheck === 'unchecked') void authStore.verifySession();
}

/**
 * For `/admin/*` (docs/design.md#principles: real roles): signed in, as an admin. A member sees a Not allowed page;
 * the server refuses every admin call to members as well.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  return (
    <RequireAuth>
      <AdminOnly>{children}</AdminOnly>
    </RequireAuth>
  );
}

function AdminOnly({ children }: { children?: ReactNode }) {
  const { user } = useAuth();
  if (user?.role !== 'admin') return <NotAllowed />;
  return children ?? <Outlet />;
}

function NotAllowed() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <title>{t('page.title', { page: t('guard.notAllowed.title') })}</title>
      <p className="text-5xl font-bold text-brand-700">403</p>
      <h1 className="text-2xl font-bold">{t('guard.notAllowed.title')}</h1>
      <p className="max-w-sm text-gray-600">{t('guard.notAllowed.body')}</p>
      <Link to={paths.feed()} className={buttonClasses('primary')}>
        {t('guard.notAllowed.back')}
      </Link>
    </main>
  );
}

/** Offline or a server failure is not a verdict on the session: offer a retry, keep the session. */
function SessionCheckFailed() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <title>{t('page.title', { page: t('error.pageTitle') })}</title>
      <h1 className="text-2xl font-bold">{t('error.pageTitle')}</h1>
      <p className="max-w-sm text-gray-600">{t('session.checkFailed')}</p>
      <button
        type="button"
        className={buttonClasses('primary')}
        onClick={() => void authStore.verifySession()}
      >
        {t('error.retry')}
      </button>
    </main>
  );
}
