import { isJobOpen, type JobDto } from '@jamii/shared';
import { t } from '../../lib/i18n';

/** "Closed" or "Expired" beside a job that no longer takes applications (docs/design.md#job-applications); else nothing. */
export function JobStateBadge({ job }: { job: Pick<JobDto, 'status' | 'expires_at'> }) {
  if (isJobOpen(job)) return null;
  return (
    <span className="ml-2 inline-flex rounded-full bg-gray-100 px-2 py-0.5 align-middle text-xs font-semibold text-gray-700">
      {job.status === 'closed' ? t('jobs.state.closed') : t('jobs.state.expired')}
    </span>
  );
}
