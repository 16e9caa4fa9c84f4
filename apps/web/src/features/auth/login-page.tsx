import type { LoginInputValues } from '@jamii/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../lib/paths';
import { buttonClasses } from '../../components/button-styles';
import { CheckboxField, PasswordField } from '../../components/form-fields';
import { errorMessage } from '../../lib/api';
import { authStore, redirectTarget } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { pendingLanguage } from '../../lib/i18n/language-choice';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver';
import { useToast } from '../../lib/toast';
import { AuthLayout, authLinkClass } from './auth-layout';
import type { LoginInput } from './login-schema';
import { UsernameField } from './username-field';

/** Signup hands the new username over, so the member only types the password. */
export interface LoginPrefillState {
  username: string;
}

// zod and the schema are fetched after the page has painted, before the member submits.
const loginResolver = lazyZodResolver<z.input<typeof LoginInput>, LoginInputValues>(() =>
  import('./login-schema').then((module) => module.LoginInput),
);

function prefilledUsername(state: unknown): string {
  const username = (state as Partial<LoginPrefillState> | null)?.username;
  return typeof username === 'string' ? username : '';
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof LoginInput>, unknown, LoginInputValues>({
    resolver: loginResolver,
    defaultValues: { username: prefilledUsername(location.state), password: '', rememberMe: false },
  });
  useEffect(() => {
    void loginResolver.preload();
  }, []);
  // Straight from signup the username is filled in; the password is what is left to type.
  const [startsAtPassword] = useState(() => prefilledUsername(location.state) !== '');

  async function handleLogin(values: LoginInputValues) {
    try {
      // A language chosen here signed out travels with the login, so the account (and the login's
      // own notice, written by the server) is in it from the first answer.
      const language = pendingLanguage();
      const user = await authStore.login(language ? { ...values, language } : values);
      toast.success(t('auth.login.welcome', { username: user.username }));
      await navigate(redirectTarget(location.state, paths.feed()), { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, t('auth.login.failed')));
    }
  }

  return (
    <AuthLayout
      title={t('auth.login.title')}
      heading={t('auth.login.heading')}
      intro={t('auth.login.intro')}
      footer={
        <>
          {t('auth.login.noAccount')}{' '}
          <Link to={paths.signup} className={authLinkClass}>
            {t('auth.login.signUp')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void handleSubmit(handleLogin)(event)} className="space-y-4">
        <UsernameField error={errors.username?.message} {...register('username')} />
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          autoFocus={startsAtPassword}
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CheckboxField label={t('auth.login.rememberMe')} {...register('rememberMe')} />
          <Link to={paths.forgotPassword} className={`text-sm ${authLinkClass}`}>
            {t('auth.login.forgotPassword')}
          </Link>
        </div>
        <button type="submit" disabled={isSubmitting} className={`w-full ${buttonClasses('primary', 'lg')}`}>
          {isSubmitting ? t('common.loading') : t('auth.login.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
