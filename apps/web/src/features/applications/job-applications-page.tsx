import {
  APPLICATION_STATUSES,
  POSTER_APPLICATION_STATUSES,
  type ApplicationStatus,
  type JobApplicantDto,
  type JobDetailDto,
} from '@jamii/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ApplicantSummary } from '../../components/applicant-summary';
import { buttonClasses } from '../../components/button-styles';
import { EmptyState, ListError } from '../../components/list-states';
import { MorePages } from '../../components/load-more';
import { MessageButton } from '../../components/message-button';
import { PageSpinner } from '../../components/page-spinner';
import { SelectField } from '../../components/select-field';
import { ApiError, apiFetch, errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { flattenPages } from '../../lib/pages';
import { paths } from '../../lib/paths';
import { useToast } from '../../lib/toast';
import { downloadCv, useJobApplications, useSetApplicationStatus } from './api';
import { ApplicationStatusBadge } from './status-badge';

const isStatus = (value: string): value is ApplicationStatus =>
  (APPLICATION_STATUSES as readonly string[]).includes(value);

function ApplicantRow({ application }: { application: JobApplicantDto }) {
  const toast = useToast();
  const setStatus = useSetApplicationStatus();
  const [isDownloading, setIsDownloading] = useState(false);
  const selectId = useId();
  const { applicant } = application;
  const isWithdrawn = application.status === 'withdrawn';

  async function handleDownload() {
    setIsDownloading(true);
    try {
      await downloadCv(application.id);
    } catch (error) {
      toast.error(errorMessage(error, t('applications.downloadFailed')));
    } finally {
      setIsDownloading(false);
    }
  }

  return (
    <li className="py-4">
      <div className="flex gap-3">
        <ApplicantSummary
          person={applicant}
          appliedAt={application.created_at}
          message={application.message}
        />
      </div>
      <div className="mt-3 flex flex-wrap items-end gap-2 sm:pl-11">
        {isWithdrawn ? (
          <ApplicationStatusBadge status={application.status} />
        ) : (
          <div>
            <label htmlFor={selectId} className="sr-only">
              {t('applications.list.statusFor', { name: applicant.name })}
            </label>
            <select
              id={selectId}
              value={application.status}
              disabled={setStatus.isPending}
              onChange={(event) => {
                const status = event.target.value;
                if (!isStatus(status)) return;
                setStatus.mutate(
                  { id: application.id, status },
                  {
                    onSuccess: () => toast.success(t('applications.list.statusChanged')),
                    onError: (error) => toast.error(errorMessage(error, t('applications.list.statusFailed'))),
                  },
                );
              }}
              className="block rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30"
            >
              {application.status === 'submitted' && (
                <option value="submitted" disabled>
                  {t('applications.status.submitted')}
                </option>
              )}
              {POSTER_APPLICATION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`applications.status.${status}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        {application.has_cv && (
          <button
            type="button"
            onClick={() => void handleDownload()}
            disabled={isDownloading}
            aria-label={t('applications.downloadCvOf', { name: applicant.name })}
            className={buttonClasses('secondary')}
          >
            {t('applications.downloadCv')}
          </button>
        )}
        <MessageButton
          username={applicant.username}
          context={{ type: 'job', id: application.job_id }}
          variant="ghost"
          label={t('messages.messageTo', { name: applicant.name })}
        />
      </div>
    </li>
  );
}

/**
 * `/jobs/{id}/applications` (the poster; admins too): every application with its cover note, CV
 * download, a status select and Message; filtered by status.
 */
export function JobApplicationsPage({ jobId }: { jobId: number }) {
  const [filter, setFilter] = useState<ApplicationStatus | ''>('');
  // The same cache entry as the job details page.
  const job = useQuery({
    queryKey: ['jobs', 'detail', jobId],
    queryFn: ({ signal }) => apiFetch<JobDetailDto>(`/api/jobs/${jobId}`, { signal }),
  });
  const list = useJobApplications(jobId, filter);
  const applications = flattenPages(list.data);
  const isForbidden = list.error instanceof ApiError && list.error.status === 403;
  const isMissing = list.error instanceof ApiError && list.error.status === 404;

  return (
    <div className="mx-auto w-full max-w-3xl px-3 py-4 sm:px-4 sm:py-6">
      <title>{t('page.title', { page: t('applications.list.title') })}</title>
      <Link
        to={paths.jobDetails(jobId)}
        className="mb-3 inline-block text-sm font-semibold text-brand-700 hover:underline"
      >
        ← {t('applications.list.back')}
      </Link>
      <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-xl font-bold text-gray-900">{t('applications.list.title')}</h1>
            {job.data && (
              <p className="break-words text-gray-600">
                {t('applications.list.for', { title: job.data.title })}
              </p>
            )}
          </div>
          <SelectField
            label={t('applications.list.filter')}
            value={filter}
            onChange={(event) => setFilter(isStatus(event.target.value) ? event.target.value : '')}
            options={[
              { value: '', label: t('applications.list.all') },
              ...APPLICATION_STATUSES.map((status) => ({
                value: status,
                label: t(`applications.status.${status}`),
              })),
            ]}
          />
        </div>
        <div className="mt-2">
          {list.isPending ? (
            <PageSpinner />
          ) : isForbidden ? (
            <EmptyState>{t('applications.list.forbidden')}</EmptyState>
          ) : isMissing ? (
            <EmptyState>{t('jobs.details.notFound')}</EmptyState>
          ) : list.isError ? (
            <ListError message={t('applications.list.loadFailed')} onRetry={() => void list.refetch()} />
          ) : applications.length === 0 ? (
            <EmptyState>{t('applications.list.empty')}</EmptyState>
          ) : (
            <>
              <ul aria-label={t('applications.list.title')} className="divide-y divide-gray-100">
                {applications.map((application) => (
                  <ApplicantRow key={application.id} application={application} />
                ))}
              </ul>
              <MorePages list={list} />
            </>
          )}
        </div>
      </section>
    </div>
  );
}
