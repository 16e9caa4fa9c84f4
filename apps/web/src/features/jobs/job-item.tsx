import type { JobDto } from '@jamii/shared';
import { useConfirmDelete } from '../../components/confirm-delete';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { useDeleteJob } from './api';
import { JobActions } from './job-actions';
import { JobCard } from './job-card';

/** Delete a job after "Delete this job?" (see `useConfirmDelete`). */
export function useConfirmDeleteJob(jobId: number, onDeleted?: () => void) {
  const removal = useDeleteJob();
  return useConfirmDelete({
    message: t('jobs.deleteConfirm'),
    remove: () => removal.mutateAsync(jobId),
    deletedMessage: t('jobs.deleted'),
    failureMessage: () => t('jobs.deleteFailed'),
    onDeleted,
  });
}

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
  const deletion = useConfirmDeleteJob(job.id);

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
