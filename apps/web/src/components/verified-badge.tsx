import { t } from '../lib/i18n';
import { CheckIcon } from './icons';

interface VerifiedBadgeProps {
  member: { email_verified: boolean; verified_domain: string | null };
}

/** A check next to a name when the member confirmed their email; a company domain is named. */
export function VerifiedBadge({ member }: VerifiedBadgeProps) {
  if (!member.email_verified) return null;
  const label = member.verified_domain
    ? t('verified.domain', { domain: member.verified_domain })
    : t('verified.email');
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800"
      title={label}
    >
      <CheckIcon className="size-3.5" />
      {member.verified_domain ? (
        <>
          <span className="sr-only">{t('verified.email')}: </span>
          {member.verified_domain}
        </>
      ) : (
        <span className="sr-only">{t('verified.email')}</span>
      )}
    </span>
  );
}
