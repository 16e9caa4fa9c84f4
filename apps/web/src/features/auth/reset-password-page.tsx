import { zodResolver } from '@hookform/resolvers/zod';
import { ErrorCode, RESET_REDIRECT_MS, ResetPasswordForm, type ResetPasswordFormValues } from '@jamii/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../lib/paths';
import { Banner } from '../../components/banner';
import { buttonClasses } from '../../components/button-styles';
import { NewPasswordFields } from '../../components/new-password-fields';
import { ApiError, errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { resetPassword } from './api';
import { AuthLayout, authLinkClass } from './auth-layout';
import { useGuardedSubmit } from '../../lib/use-submit-guard';

type Outcome =
  { kind: 'success'; message: string } | { kind: 'error'; message: string; isTokenRefused: boolean };

/** the specified screens: the token comes from `?token=`; the path segment is the fallback. */
function useResetToken(): string {
  const [searchParams] = useSearchParams();
  const { token } = useParams();
  return searchParams.get('token') || token || '';
}

export function ResetPasswordPage() {
  const token = useResetToken();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const isDone = outcome?.kind === 'success';
  const form = useForm<z.input<typeof ResetPasswordForm>, unknown, ResetPasswordFormValues>({
    resolver: zodResolver(ResetPasswordForm),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const {
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  useEffect(() => {
    if (!isDone) return;
    const timer = setTimeout(() => void navigate(paths.login, { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isDone, navigate]);

  async function handleReset({ password }: ResetPasswordFormValues) {
    setOutcome(null);
    try {
      const { message } = await resetPassword(token, password);
      setOutcome({ kind: 'success', message });
    } catch (error) {
      // The server also refuses a password containing the account's name (docs/design.md#principles).
      const passwordError = error instanceof ApiError ? error.errors?.password : undefined;
      if (passwordError) setError('password', { type: 'server', message: passwordError });
      setOutcome({
        kind: 'error',
        message: errorMessage(error, t('auth.reset.failed')),
        isTokenRefused: error instanceof ApiError && error.code === ErrorCode.INVALID_RESET_TOKEN,
      });
    }
  }
  const guardedHandleReset = useGuardedSubmit((event) => handleSubmit(handleReset)(event));

  return (
    <AuthLayout
      title={t('auth.reset.title')}
      heading={t('auth.reset.heading')}
      footer={
        <Link to={paths.login} className={authLinkClass}>
          {t('auth.backToLogin')}
        </Link>
      }
    >
      {token ? (
        <form noValidate onSubmit={guardedHandleReset} className="space-y-4">
          <NewPasswordFields
            form={form}
            errors={errors}
            labels={{
              password: t('auth.reset.newPassword'),
              confirmPassword: t('auth.reset.confirmPassword'),
            }}
            placeholders={{
              password: t('auth.reset.newPasswordPlaceholder'),
              confirmPassword: t('auth.reset.confirmPasswordPlaceholder'),
            }}
            disabled={isDone}
          />
          <button
            type="submit"
            disabled={isSubmitting || isDone}
            className={`w-full ${buttonClasses('primary', 'lg')}`}
          >
            {isSubmitting ? t('auth.reset.submitting') : t('auth.reset.submit')}
          </button>
        </form>
      ) : (
        <Banner kind="error">
          {t('auth.reset.missingToken')}{' '}
          <Link to={paths.forgotPassword} className={authLinkClass}>
            {t('auth.reset.askAgain')}
          </Link>
        </Banner>
      )}
      {outcome && (
        <div className="mt-4">
          <Banner kind={outcome.kind}>
            {outcome.message}
            {isDone && <span className="mt-1 block">{t('auth.reset.redirecting')}</span>}
            {outcome.kind === 'error' && outcome.isTokenRefused && (
              <Link to={paths.forgotPassword} className={`mt-1 block ${authLinkClass}`}>
                {t('auth.reset.askAgain')}
              </Link>
            )}
          </Banner>
        </div>
      )}
    </AuthLayout>
  );
}
