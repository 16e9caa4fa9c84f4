import type { JobDto } from '@jamii/shared';
import { useConfirmDelete } from '../../components/confirm-delete';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { useDeleteJob } from './api';
import { JobActions } from './job-actions';
import { JobCard } from './job-card';

/** Whether this member may delete the job: its poster, or an admin (the server checks again). */
export function canDeleteJob(
  user: { id: number; role: string } | null,
  job: Pick<JobDto, 'client_id'>,
): boolean {
  return Boolean(user && (user.id === job.client_id || user.role === 'admin'));
}

/**
 * A job card wired for a list: Delete (after "Delete this job?") for the poster or an admin, and
 * Apply / Save when `withActions`.
 */
export function JobItem({ job, withActions = false }: { job: JobDto; withActions?: boolean }) {
  const { user } = useAuth();
  const removal = useDeleteJob();
  const deletion = useConfirmDelete({
    message: t('jobs.deleteConfirm'),
    remove: () => removal.mutateAsync(job.id),
    deletedMessage: t('jobs.deleted'),
    failureMessage: () => t('jobs.deleteFailed'),
  });

  return (
    <>
      <JobCard
        job={job}
        onDelete={canDeleteJob(user, job) ? deletion.ask : undefined}
        actions={withActions ? <JobActions job={job} /> : undefined}
      />
      {deletion.dialog}
    </>
  );
}
