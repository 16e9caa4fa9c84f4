import type { PhoneVerifyAnswer } from '@jamii/shared';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { CheckboxField } from '../../components/form-fields';
import { authStore, redirectTarget } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useToast } from '../../lib/toast';
import { AuthLayout, authLinkClass } from './auth-layout';
import { PhoneCodeSteps } from './phone-code-steps';
import type { PhoneSignupState } from './phone-signup-page';

/**
 * Login by a code texted to the account's verified number (docs/features/accounts.md): no password
 * to remember. A number no account has verified is offered the phone signup instead.
 */
export function PhoneLoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const [rememberMe, setRememberMe] = useState(false);
  const [newcomer, setNewcomer] = useState<PhoneSignupState | null>(null);

  async function handleProved(answer: PhoneVerifyAnswer) {
    if ('signup_token' in answer) {
      setNewcomer({ signupToken: answer.signup_token, phone: answer.phone });
      return;
    }
    if ('token' in answer) authStore.acceptLogin(answer);
    else authStore.setUser(answer.user);
    toast.success(t('auth.login.welcome', { username: answer.user.username }));
    await navigate(redirectTarget(location.state, paths.feed()), { replace: true });
  }

  return (
    <AuthLayout
      title={t('phoneAuth.login.title')}
      heading={t('phoneAuth.login.heading')}
      intro={t('phoneAuth.login.intro')}
      footer={
        <div className="space-y-2">
          <p>
            <Link to={paths.login} state={location.state} className={authLinkClass}>
              {t('phoneAuth.login.withPassword')}
            </Link>
          </p>
          <p>
            {t('auth.login.noAccount')}{' '}
            <Link to={paths.phoneSignup} className={authLinkClass}>
              {t('auth.login.signUp')}
            </Link>
          </p>
        </div>
      }
    >
      {newcomer ? (
        <div className="space-y-4">
          <p role="alert" className="text-sm text-gray-800">
            {t('phoneAuth.login.noAccount')}
          </p>
          <Link
            to={paths.phoneSignup}
            state={newcomer}
            className={`w-full ${buttonClasses('primary', 'lg')}`}
          >
            {t('phoneAuth.login.createAccount')}
          </Link>
        </div>
      ) : (
        <PhoneCodeSteps
          isSignedIn={false}
          rememberMe={rememberMe}
          extraFields={
            <CheckboxField
              label={t('auth.login.rememberMe')}
              checked={rememberMe}
              onChange={(event) => setRememberMe(event.target.checked)}
            />
          }
          onProved={handleProved}
        />
      )}
    </AuthLayout>
  );
}
