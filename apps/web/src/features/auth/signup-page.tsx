import { PERSONAL_EMAIL_MESSAGE } from '@jamii/shared';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { t } from '../../lib/i18n';
import { AuthLayout, authLinkClass } from './auth-layout';
import { SignupForm } from './signup-form';

/**
 * The way in without a company email (docs/features/accounts.md): always under the email field,
 * and set apart beside the personal-email refusal, where it is the answer.
 */
function PhoneSignupLink({ emailError }: { emailError: string | undefined }) {
  if (emailError === PERSONAL_EMAIL_MESSAGE)
    return (
      <p className="mt-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-gray-800">
        {t('phoneAuth.signup.noCompanyEmail')}{' '}
        <Link to={paths.phoneSignup} className={authLinkClass}>
          {t('phoneAuth.signup.link')}
        </Link>
      </p>
    );
  return (
    <p className="mt-1 text-sm">
      <Link to={paths.phoneSignup} className={authLinkClass}>
        {t('phoneAuth.signup.link')}
      </Link>
    </p>
  );
}

export function SignupPage() {
  return (
    <AuthLayout
      title={t('auth.signup.title')}
      heading={t('auth.signup.heading')}
      intro={t('auth.signup.intro')}
      footer={
        <>
          {t('auth.signup.haveAccount')}{' '}
          <Link to={paths.login} className={authLinkClass}>
            {t('auth.signup.logIn')}
          </Link>
        </>
      }
    >
      <SignupForm emailAlternative={(emailError) => <PhoneSignupLink emailError={emailError} />} />
    </AuthLayout>
  );
}
