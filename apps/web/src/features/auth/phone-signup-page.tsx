import type { PhoneVerifyAnswer } from '@jamii/shared';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { authStore } from '../../lib/auth';
import { localize, t } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useToast } from '../../lib/toast';
import { AuthLayout, authLinkClass } from './auth-layout';
import { PhoneCodeSteps, unbrokenPhone } from './phone-code-steps';
import { SignupForm } from './signup-form';

/** What the SMS-code login hands over when the number it proved has no account yet. */
export interface PhoneSignupState {
  signupToken: string;
  phone: string;
}

function handedOver(state: unknown): PhoneSignupState | null {
  const given = state as Partial<PhoneSignupState> | null;
  return typeof given?.signupToken === 'string' && typeof given.phone === 'string'
    ? { signupToken: given.signupToken, phone: given.phone }
    : null;
}

/**
 * Signup without a company email (docs/features/accounts.md): the number first, proved by a code
 * sent by SMS, then the specified signup form without its email field.
 */
export function PhoneSignupPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const [proved, setProved] = useState<PhoneSignupState | null>(() => handedOver(location.state));
  const [refusal, setRefusal] = useState<string | null>(null);

  async function handleProved(answer: PhoneVerifyAnswer) {
    if ('signup_token' in answer) {
      setRefusal(null);
      setProved({ signupToken: answer.signup_token, phone: answer.phone });
      return;
    }
    // The number is already an account's verified one: the server signed its owner in.
    if ('token' in answer) {
      authStore.acceptLogin(answer);
      toast.success(t('phoneAuth.signup.alreadyMember'));
      await navigate(paths.feed(), { replace: true });
      return;
    }
    // A member already signed in on this device: the number is now theirs, verified.
    authStore.setUser(answer.user);
    await navigate(paths.profile('me'), { replace: true });
  }

  return (
    <AuthLayout
      title={t('phoneAuth.signup.title')}
      heading={t('phoneAuth.signup.heading')}
      intro={t('phoneAuth.signup.intro')}
      footer={
        <div className="space-y-2">
          <p>
            <Link to={paths.signup} className={authLinkClass}>
              {t('phoneAuth.signup.withEmail')}
            </Link>
          </p>
          <p>
            {t('auth.signup.haveAccount')}{' '}
            <Link to={paths.login} className={authLinkClass}>
              {t('auth.signup.logIn')}
            </Link>
          </p>
        </div>
      }
    >
      {proved ? (
        <div className="space-y-5">
          <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
            {t('phoneAuth.signup.proved', { number: unbrokenPhone(proved.phone) })}
          </p>
          <SignupForm
            key={proved.signupToken}
            signupToken={proved.signupToken}
            onTokenRefused={(message) => {
              setRefusal(localize(message));
              setProved(null);
            }}
          />
        </div>
      ) : (
        <div className="space-y-4">
          {refusal && (
            <p role="alert" className="text-sm text-red-700">
              {refusal}
            </p>
          )}
          <PhoneCodeSteps isSignedIn={false} onProved={handleProved} />
        </div>
      )}
    </AuthLayout>
  );
}
