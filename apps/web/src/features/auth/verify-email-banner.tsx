import { useState } from 'react';
import { CloseIcon } from '../../components/icons';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { ResendVerificationButton } from './resend-verification-button';

/** Remembered for the tab only: the banner comes back in a new session until the email is confirmed. */
const DISMISSED_KEY = 'jamii.verifyBannerDismissed';

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** "Confirm your email" for a signed-in member whose email is not confirmed yet (docs/design.md#trust-and-safety). */
export function VerifyEmailBanner() {
  const { user } = useAuth();
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (!user || user.email_verified || dismissed) return null;

  function dismiss() {
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode without storage: the banner only hides until the next page load.
    }
    setDismissed(true);
  }

  return (
    // An aside, not a section: the page's own first section stays the page's content.
    <aside
      aria-labelledby="verify-email-banner-title"
      className="border-b border-brand-200 bg-brand-50 px-3 py-3 sm:px-4"
    >
      <div className="mx-auto flex max-w-5xl items-start gap-3">
        <div className="min-w-0 flex-1 space-y-2">
          <p id="verify-email-banner-title" className="text-sm font-bold text-brand-950">
            {t('verifyEmail.bannerTitle')}
          </p>
          <p className="text-sm text-brand-950">{t('verifyEmail.bannerBody')}</p>
          <ResendVerificationButton />
        </div>
        <button
          type="button"
          onClick={dismiss}
          aria-label={t('verifyEmail.dismiss')}
          className="rounded-md p-1 text-brand-950 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
    </aside>
  );
}
