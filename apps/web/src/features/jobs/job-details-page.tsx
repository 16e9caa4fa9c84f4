import { isJobExpired, type JobApplicationDto, type JobDetailDto } from '@jamii/shared';
import { useState, type ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { ApplicantSummary } from '../../components/applicant-summary';
import { buttonClasses } from '../../components/button-styles';
import { CardAvatar } from '../../components/card-avatar';
import { CardSkeletons } from '../../components/card-skeleton';
import { EditedMarker } from '../../components/edited-marker';
import { EmployerBadge } from '../../components/employer-badge';
import { ListError } from '../../components/list-states';
import { MessageButton } from '../../components/message-button';
import { ScamReportButton } from '../../components/scam-report-button';
import { ShareButton } from '../../components/share-button';
import { TimeAgo } from '../../components/time-ago';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ApiError, errorMessage } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { useJob, useSetJobStatus } from './api';
import { JobStateBadge } from './job-state';
import { JobActions } from './job-actions';
import { JobDeleteButton, JobDescription, jobFacts, posterName } from './job-card';
import { JobForm } from './job-form';
import { canDeleteJob, useConfirmDeleteJob } from './job-item';
import { salaryRangeText } from './salary-range';

const cardClass = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6';

function Applicant({ applicant, jobId }: { applicant: JobApplicationDto; jobId: number }) {
  return (
    <li className="flex gap-3 py-3">
      <ApplicantSummary person={applicant} appliedAt={applicant.created_at} message={applicant.message} />
      <div className="shrink-0 self-center">
        <MessageButton
          username={applicant.username}
          context={{ type: 'job', id: jobId }}
          variant="ghost"
          label={t('messages.messageTo', { name: applicant.name })}
        />
      </div>
    </li>
  );
}

function Applicants({ applicants, jobId }: { applicants: JobApplicationDto[]; jobId: number }) {
  return (
    <section aria-labelledby="applicants-title" className={`${cardClass} mt-4`}>
      <h2 id="applicants-title" className="text-lg font-bold text-gray-900">
        {t('jobs.details.applicants', { count: applicants.length })}
      </h2>
      {applicants.length === 0 ? (
        <p className="mt-2 text-gray-600">{t('jobs.details.noApplicants')}</p>
      ) : (
        <ul className="mt-1 divide-y divide-gray-100">
          {applicants.map((applicant) => (
            <Applicant key={applicant.id} applicant={applicant} jobId={jobId} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The poster's Close job (after a confirm), or Reopen job for a closed job that has not expired. */
function JobStateControls({ job }: { job: JobDetailDto }) {
  const toast = useToast();
  const setStatus = useSetJobStatus(job.id);
  const [isAsking, setIsAsking] = useState(false);
  const isExpired = isJobExpired(job);

  if (job.status === 'closed') {
    if (isExpired) return null;
    return (
      <button
        type="button"
        disabled={setStatus.isPending}
        onClick={() =>
          setStatus.mutate('open', {
            onSuccess: () => toast.success(t('jobs.reopened')),
            onError: (error) => toast.error(errorMessage(error, t('jobs.reopenFailed'))),
          })
        }
        className={buttonClasses('secondary')}
      >
        {t('jobs.reopen')}
      </button>
    );
  }
  if (isExpired) return null;
  return (
    <>
      <button type="button" onClick={() => setIsAsking(true)} className={buttonClasses('secondary')}>
        {t('jobs.closeJob')}
      </button>
      <ConfirmDialog
        open={isAsking}
        message={t('jobs.closeConfirm')}
        confirmLabel={t('jobs.closeConfirmLabel')}
        busyLabel={t('jobs.closing')}
        isBusy={setStatus.isPending}
        onConfirm={() =>
          setStatus.mutate('closed', {
            onSuccess: () => toast.success(t('jobs.closedDone')),
            onError: (error) => toast.error(errorMessage(error, t('jobs.closeFailed'))),
            onSettled: () => setIsAsking(false),
          })
        }
        onCancel={() => setIsAsking(false)}
      />
    </>
  );
}

/** What the route hands in for the job's Apply (the applications feature owns it). */
export type ApplyPanelComponent = ComponentType<{ job: JobDetailDto }>;

function JobDetails({
  job,
  ApplyPanel,
}: {
  job: JobDetailDto;
  ApplyPanel?: ApplyPanelComponent | undefined;
}) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const deletion = useConfirmDeleteJob(job.id, () => void navigate(paths.jobs, { replace: true }));

  const name = posterName(job);
  const [isEditing, setIsEditing] = useState(false);
  const range = salaryRangeText(job);
  const isPoster = user?.id === job.client_id;

  if (isEditing && isPoster) {
    return (
      <article className={cardClass}>
        <JobForm job={job} onDone={() => setIsEditing(false)} />
      </article>
    );
  }

  return (
    <>
      <title>{t('page.title', { page: job.title })}</title>
      <article className={cardClass}>
        <div className="flex items-start gap-3">
          <CardAvatar name={name} picture={job.profile_pic} />
          <div className="min-w-0 flex-1">
            <h1 className="text-xl leading-snug font-bold text-gray-900">
              {job.title}
              <JobStateBadge job={job} />
            </h1>
            <p className="mt-0.5 text-gray-600">{jobFacts(job).join(' · ')}</p>
          </div>
        </div>
        {(job.salary.trim() || range) && (
          <p className="mt-4 text-gray-800">
            <span className="font-semibold">{t('jobs.details.salary')}:</span>{' '}
            {[range, job.salary.trim()].filter(Boolean).join(' · ')}
          </p>
        )}
        <JobDescription job={job} className="mt-4" />
        <p className="mt-4 text-sm text-gray-500">
          {t('jobs.postedBy')}{' '}
          <Link to={paths.user(job.username)} className="font-medium text-gray-700 hover:underline">
            {name}
          </Link>
          <EmployerBadge member={job} /> · <TimeAgo iso={job.created_at} />{' '}
          <EditedMarker editedAt={job.edited_at} />
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-gray-100 pt-4">
          <JobActions job={job} showApply={!ApplyPanel} />
          <MessageButton username={job.username} context={{ type: 'job', id: job.id }} />
          <ShareButton
            path={paths.jobDetails(job.id)}
            text={t('share.jobText', { title: job.company ? `${job.title} · ${job.company}` : job.title })}
            what={job.title}
          />
          {isPoster && (
            <button type="button" onClick={() => setIsEditing(true)} className={buttonClasses('secondary')}>
              {t('common.edit')}
            </button>
          )}
          {isPoster && <JobStateControls job={job} />}
          {isPoster && (
            <Link to={paths.jobApplications(job.id)} className={buttonClasses('secondary')}>
              {t('applications.view', { count: job.applicants_count })}
            </Link>
          )}
          {canDeleteJob(user, job) && <JobDeleteButton onClick={deletion.ask} />}
          <ScamReportButton targetType="job" targetId={job.id} authorId={job.client_id} />
        </div>
      </article>
      {ApplyPanel && <ApplyPanel job={job} />}
      {job.applicants && <Applicants applicants={job.applicants} jobId={job.id} />}
      {deletion.dialog}
    </>
  );
}

/** Job details (`/explore/jobs/{id}` or `/explore/jobs?id=`): the poster also sees who applied. */
export function JobDetailsPage({ jobId, ApplyPanel }: { jobId: number; ApplyPanel?: ApplyPanelComponent }) {
  const job = useJob(jobId);
  const isMissing =
    !Number.isInteger(jobId) || jobId <= 0 || (job.error instanceof ApiError && job.error.status === 404);

  return (
    <div className="mx-auto w-full max-w-3xl px-3 py-4 sm:px-4 sm:py-6">
      <Link
        to={paths.jobs}
        className="mb-3 inline-block text-sm font-semibold text-brand-700 hover:underline"
      >
        ← {t('jobs.details.back')}
      </Link>
      {isMissing ? (
        <p className="rounded-2xl bg-white px-4 py-10 text-center text-gray-700 shadow-sm ring-1 ring-gray-900/5">
          {t('jobs.details.notFound')}
        </p>
      ) : job.isPending ? (
        <CardSkeletons count={1} />
      ) : job.isError ? (
        <ListError message={t('jobs.details.loadFailed')} onRetry={() => void job.refetch()} />
      ) : (
        <JobDetails job={job.data} ApplyPanel={ApplyPanel} />
      )}
    </div>
  );
}
