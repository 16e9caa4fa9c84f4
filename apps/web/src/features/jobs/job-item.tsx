import type { JobDto } from '@jamii/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { useToast } from '../../lib/toast';
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
  const toast = useToast();
  const removal = useDeleteJob();
  const [isConfirming, setIsConfirming] = useState(false);

  function handleConfirm() {
    removal.mutate(job.id, {
      onSuccess: () => toast.success(t('jobs.deleted')),
      onError: () => toast.error(t('jobs.deleteFailed')),
      onSettled: () => setIsConfirming(false),
    });
  }

  return (
    <>
      <JobCard
        job={job}
        onDelete={canDeleteJob(user, job) ? () => setIsConfirming(true) : undefined}
        actions={withActions ? <JobActions job={job} /> : undefined}
      />
      <ConfirmDialog
        open={isConfirming}
        message={t('jobs.deleteConfirm')}
        confirmLabel={t('common.delete')}
        busyLabel={t('common.deleting')}
        isBusy={removal.isPending}
        isDestructive
        onConfirm={handleConfirm}
        onCancel={() => setIsConfirming(false)}
      />
    </>
  );
}
