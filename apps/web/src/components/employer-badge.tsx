import { t } from '../lib/i18n';

/** The badge of a member an admin verified as an employer, or as a licensed recruitment agency. */
export function EmployerBadge({
  member,
}: {
  member: { employer_verified?: boolean; agency_licensed?: boolean };
}) {
  if (!member.employer_verified) return null;
  return (
    <span
      data-testid="employer-badge"
      className="ml-1 inline-flex items-center rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-600/30"
    >
      {member.agency_licensed ? t('employer.badge.agency') : t('employer.badge.company')}
    </span>
  );
}
