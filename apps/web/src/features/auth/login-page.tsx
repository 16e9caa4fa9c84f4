import type { LoginInputValues } from '@jamii/shared';
import { useEffect, useLayoutEffect, useState } from 'react';
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
import { prerenderedFocus, prerenderedValue, takePendingSubmit } from '../../lib/prerendered';
import { useToast } from '../../lib/toast';
import { AuthLayout, authLinkClass } from './auth-layout';
import type { LoginInput } from './login-schema';
import { UsernameField } from './username-field';
import { useGuardedSubmit } from '../../lib/use-submit-guard';

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

type LoginField = 'username' | 'password' | 'rememberMe';
const isLoginField = (name: string | undefined): name is LoginField =>
  name === 'username' || name === 'password' || name === 'rememberMe';

/**
 * Where the form starts: what signup handed over, or what the reader typed in the page the server
 * drew (`/login` paints before the app; src/prerender) before the app took it over.
 */
function startingValues(state: unknown) {
  return {
    username: prerenderedValue('username') ?? prefilledUsername(state),
    password: prerenderedValue('password') ?? '',
    rememberMe: prerenderedValue('rememberMe') === 'on',
  };
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const [fromDrawnPage] = useState(() => {
    const focus = prerenderedFocus();
    return { focus: isLoginField(focus) ? focus : undefined, isSent: takePendingSubmit() };
  });
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof LoginInput>, unknown, LoginInputValues>({
    resolver: loginResolver,
    defaultValues: startingValues(location.state),
  });
  useEffect(() => {
    void loginResolver.preload();
  }, []);
  // The reader stays in the field they were in on the drawn page, before the next key reaches the
  // page (a layout effect runs in the task that replaced the markup)…
  useLayoutEffect(() => {
    if (fromDrawnPage.focus) setFocus(fromDrawnPage.focus);
  }, [fromDrawnPage, setFocus]);
  // …and a form they sent there is sent now. Once, on the first mount: the drawn page is gone after it.
  useEffect(() => {
    if (fromDrawnPage.isSent) void handleSubmit(handleLogin)();
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
  const guardedHandleLogin = useGuardedSubmit((event) => handleSubmit(handleLogin)(event));

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
      <form noValidate onSubmit={guardedHandleLogin} className="space-y-4">
        <UsernameField
          hint={t('phoneAuth.login.hint')}
          error={errors.username?.message}
          {...register('username')}
        />
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
      <p className="mt-4 text-center text-sm">
        <Link to={paths.phoneLogin} state={location.state} className={authLinkClass}>
          {t('phoneAuth.login.link')}
        </Link>
      </p>
    </AuthLayout>
  );
}
