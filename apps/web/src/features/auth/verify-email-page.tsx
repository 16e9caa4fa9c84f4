import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Banner } from '../../components/banner';
import { buttonClasses } from '../../components/button-styles';
import { errorMessage } from '../../lib/api';
import { authStore, useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { verifyEmail } from './api';
import { AuthLayout, authLinkClass } from './auth-layout';
import { ResendVerificationButton } from './resend-verification-button';

/**
 * `/verify-email?token=…` (docs/design.md#trust-and-safety): confirms the email on load, signed in or not. The token is
 * single-use, so the call is a query keyed by the token: a re-render or a second mount reads the
 * answer instead of spending the token again.
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { isAuthenticated } = useAuth();
  const result = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  // A signed-in member's user object now says email_verified: the banner goes away.
  const isConfirmed = result.isSuccess;
  useEffect(() => {
    if (isConfirmed && authStore.getSnapshot().isAuthenticated) void authStore.refreshUser();
  }, [isConfirmed]);

  const askAgain = isAuthenticated ? (
    <div className="mt-3">
      <ResendVerificationButton />
    </div>
  ) : (
    <p className="mt-2">{t('verifyEmail.logInToResend')}</p>
  );

  return (
    <AuthLayout
      title={t('verifyEmail.title')}
      heading={t('verifyEmail.heading')}
      footer={
        !isAuthenticated && (
          <Link to={paths.login} className={authLinkClass}>
            {t('auth.backToLogin')}
          </Link>
        )
      }
    >
      {!token ? (
        <Banner kind="error">
          {t('verifyEmail.missingToken')}
          {askAgain}
        </Banner>
      ) : result.isPending ? (
        <p role="status" className="text-sm text-gray-700">
          {t('verifyEmail.checking')}
        </p>
      ) : result.isError ? (
        <Banner kind="error">
          {errorMessage(result.error, t('verifyEmail.failed'))}
          {askAgain}
        </Banner>
      ) : (
        <div className="space-y-4">
          <Banner kind="success">
            <strong className="block text-base">{t('verifyEmail.confirmed')}</strong>
            {result.data.message}
          </Banner>
          <Link
            to={isAuthenticated ? paths.feed() : paths.login}
            className={`w-full ${buttonClasses('primary', 'lg')}`}
          >
            {isAuthenticated ? t('verifyEmail.toFeed') : t('verifyEmail.toLogin')}
          </Link>
        </div>
      )}
    </AuthLayout>
  );
}
