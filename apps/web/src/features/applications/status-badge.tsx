import type { ApplicationStatus } from '@jamii/shared';
import { t } from '../../lib/i18n';

const tone: Record<ApplicationStatus, string> = {
  submitted: 'bg-gray-100 text-gray-800',
  viewed: 'bg-blue-50 text-blue-800',
  shortlisted: 'bg-amber-50 text-amber-900',
  rejected: 'bg-red-50 text-red-800',
  hired: 'bg-green-50 text-green-800',
  withdrawn: 'bg-gray-100 text-gray-600',
};

/** An application's status as a small pill (DESIGN §8.4). */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-sm font-medium ${tone[status]}`}>
      {t(`applications.status.${status}`)}
    </span>
  );
}
