import { JOB_ALERTS_PER_MEMBER, type JobAlert } from '@jamii/shared';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { useConfirmDelete } from '../../components/confirm-delete';
import { EmptyState, ListError } from '../../components/list-states';
import { PageSpinner } from '../../components/page-spinner';
import { TimeAgo } from '../../components/time-ago';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { alertSummary, channelsLine } from './alert-summary';
import { useDeleteJobAlert, useJobAlerts } from './api';

/**
 * `/jobs/alerts`: the member's job alerts (saved searches), each with how often it tells and by
 * which channels, and Delete after a question. Alerts are made on the Jobs screen.
 */
export function JobAlertsPage() {
  const alerts = useJobAlerts();
  return (
    <div className="mx-auto w-full max-w-3xl px-3 py-4 sm:px-4 sm:py-6">
      <title>{t('page.title', { page: t('jobAlerts.title') })}</title>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('jobAlerts.title')}</h1>
      <p className="mt-1 text-sm text-gray-600">{t('jobAlerts.intro', { max: JOB_ALERTS_PER_MEMBER })}</p>
      <section aria-labelledby="job-alerts-list" className="mt-4">
        <h2 id="job-alerts-list" className="sr-only">
          {t('jobAlerts.manage')}
        </h2>
        {alerts.isPending ? (
          <PageSpinner />
        ) : alerts.isError ? (
          <ListError message={t('jobAlerts.loadFailed')} onRetry={() => void alerts.refetch()} />
        ) : alerts.data.length === 0 ? (
          <div className="space-y-3">
            <EmptyState>{t('jobAlerts.empty')}</EmptyState>
            <p className="text-center">
              <Link to={paths.jobs} className={buttonClasses('primary')}>
                {t('jobAlerts.toJobs')}
              </Link>
            </p>
          </div>
        ) : (
          <>
            <p className="mb-2 text-sm text-gray-700">
              {t('jobAlerts.count', { count: alerts.data.length, max: JOB_ALERTS_PER_MEMBER })}
            </p>
            <ul className="space-y-3">
              {alerts.data.map((alert) => (
                <li key={alert.id}>
                  <AlertCard alert={alert} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}

function AlertCard({ alert }: { alert: JobAlert }) {
  const remove = useDeleteJobAlert();
  const summary = alertSummary(alert);
  const deletion = useConfirmDelete({
    message: t('jobAlerts.deleteConfirm'),
    remove: () => remove.mutateAsync(alert.id),
    deletedMessage: t('jobAlerts.deleted'),
    failureMessage: (error) => errorMessage(error, t('jobAlerts.deleteFailed')),
  });
  return (
    <article
      aria-label={t('jobAlerts.label', { summary: summary.join(', ') })}
      className="flex flex-wrap items-start justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5"
    >
      <div className="min-w-0 flex-1">
        <ul className="space-y-0.5 text-base font-medium text-gray-900">
          {summary.map((line) => (
            <li key={line} className="break-words">
              {line}
            </li>
          ))}
        </ul>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-700">
          <span className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-800">
            {t(alert.frequency === 'instant' ? 'jobAlerts.often.instant' : 'jobAlerts.often.daily')}
          </span>
          <span>{channelsLine(alert.channels)}</span>
          <TimeAgo iso={alert.created_at} className="text-gray-600" />
        </p>
      </div>
      <button type="button" onClick={deletion.ask} className={buttonClasses('secondary')}>
        {t('common.delete')}
      </button>
      {deletion.dialog}
    </article>
  );
}
