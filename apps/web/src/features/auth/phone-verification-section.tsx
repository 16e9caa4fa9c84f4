import { formatKenyanPhone, type PhoneVerifyAnswer } from '@jamii/shared';
import { useState } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { CheckIcon } from '../../components/icons';
import { TitledSection } from '../../components/titled-section';
import { authStore, useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { useToast } from '../../lib/toast';
import { PhoneCodeSteps } from './phone-code-steps';

/**
 * Settings › Verify my number (docs/features/accounts.md): a code texted to the number proves it.
 * The server un-verifies a number changed in the profile form, so this shows its state afresh.
 */
export function PhoneVerificationSection() {
  const toast = useToast();
  const { user } = useAuth();
  const [isVerifyingAnother, setIsVerifyingAnother] = useState(false);
  const phone = user?.phone ?? null;
  const isVerified = Boolean(phone && user?.phone_verified);

  function handleProved(answer: PhoneVerifyAnswer) {
    if ('user' in answer) authStore.setUser(answer.user);
    setIsVerifyingAnother(false);
    toast.success(t('phoneAuth.settings.done'));
  }

  return (
    <TitledSection headingId="phone-verification-title" title={t('phoneAuth.settings.title')}>
      <p className="mt-2 max-w-prose text-sm text-gray-600">{t('phoneAuth.settings.body')}</p>
      {phone && (
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-gray-800">
          <span className="font-semibold">{formatKenyanPhone(phone)}</span>
          {isVerified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 font-semibold text-brand-800">
              <CheckIcon className="size-4" aria-hidden="true" />
              {t('phoneAuth.settings.verified')}
            </span>
          ) : (
            <span className="rounded-full bg-gray-100 px-2 py-0.5 font-semibold text-gray-700">
              {t('phoneAuth.settings.notVerified')}
            </span>
          )}
        </p>
      )}
      <div className="mt-4 max-w-sm">
        {isVerified && !isVerifyingAnother ? (
          <div className="space-y-3">
            <p className="text-sm text-gray-600">{t('phoneAuth.settings.changeHint')}</p>
            <button
              type="button"
              onClick={() => setIsVerifyingAnother(true)}
              className={buttonClasses('secondary')}
            >
              {t('phoneAuth.settings.verifyAnother')}
            </button>
          </div>
        ) : (
          <PhoneCodeSteps
            key={`${phone ?? ''}-${String(isVerifyingAnother)}`}
            isSignedIn
            initialPhone={phone && !isVerified ? formatKenyanPhone(phone) : ''}
            onProved={handleProved}
          />
        )}
      </div>
    </TitledSection>
  );
}
