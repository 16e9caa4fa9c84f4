import type { ApplicationStatus } from '@jamii/shared';
import { t } from '../../lib/i18n';

// Only the theme's colours (styles.css resets Tailwind's palette): blue, amber and green classes would
// leave the pill uncoloured. Progress darkens along the brand scale; each pair is over 4.5:1.
const tone: Record<ApplicationStatus, string> = {
  submitted: 'bg-gray-100 text-gray-800',
  viewed: 'bg-brand-50 text-brand-800',
  shortlisted: 'bg-brand-100 text-brand-900 ring-1 ring-brand-600',
  rejected: 'bg-red-50 text-red-700',
  hired: 'bg-brand-700 text-white',
  withdrawn: 'bg-gray-100 text-gray-600',
};

/** An application's status as a small pill (docs/design.md#job-applications). */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-sm font-medium ${tone[status]}`}>
      {t(`applications.status.${status}`)}
    </span>
  );
}
