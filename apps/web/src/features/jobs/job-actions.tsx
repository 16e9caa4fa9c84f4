import { isJobOpen, type JobDto } from '@jamii/shared';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { buttonClasses } from '../../components/button-styles';
import { BookmarkIcon, CheckIcon } from '../../components/icons';
import { errorMessage } from '../../lib/api';
import { useAuth, type LoginRedirectState } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { useToast } from '../../lib/toast';
import { useApplyToJob, useToggleSaveJob } from './api';

/**
 * Apply and Save (docs/design.md#principles: buttons that work). A visitor is sent to /login and brought back; a
 * member applies once (the button then reads Applied) and saves or unsaves.
 */
export function JobActions({ job, showApply = true }: { job: JobDto; showApply?: boolean }) {
  const { user } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const apply = useApplyToJob();
  const toggleSave = useToggleSaveJob();
  const isOwn = user?.id === job.client_id;

  function sendToLogin() {
    const state: LoginRedirectState = { from: location };
    void navigate(paths.login, { state });
  }

  function handleApply() {
    if (!user) return sendToLogin();
    apply.mutate(job.id, {
      onSuccess: () => toast.success(t('jobs.applyDone')),
      onError: (error) => toast.error(errorMessage(error, t('jobs.applyFailed'))),
    });
  }

  function handleSave() {
    if (!user) return sendToLogin();
    toggleSave.mutate(
      { id: job.id, save: !job.saved_by_me },
      { onError: (error) => toast.error(errorMessage(error, t('jobs.saveFailed'))) },
    );
  }

  return (
    <>
      {showApply &&
        !isOwn &&
        (job.applied_by_me ? (
          <button type="button" disabled className={buttonClasses('secondary')}>
            <CheckIcon className="size-4" />
            {t('jobs.applied')}
          </button>
        ) : // A closed or expired job takes no applications (docs/design.md#job-applications): its card says so instead.
        isJobOpen(job) ? (
          <button
            type="button"
            onClick={handleApply}
            disabled={apply.isPending}
            className={buttonClasses('primary')}
          >
            {t('jobs.apply')}
          </button>
        ) : null)}
      <button
        type="button"
        aria-pressed={user ? job.saved_by_me : undefined}
        onClick={handleSave}
        disabled={toggleSave.isPending}
        className={buttonClasses(job.saved_by_me ? 'secondary' : 'ghost')}
      >
        <BookmarkIcon className={`size-4 ${job.saved_by_me ? 'fill-current' : ''}`} />
        {job.saved_by_me ? t('jobs.saved') : t('jobs.save')}
      </button>
    </>
  );
}
