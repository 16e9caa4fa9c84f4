import { DELETE_BANNER_MS } from '@jamii/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { Banner } from '../../components/banner';
import { buttonClasses } from '../../components/button-styles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { t, type PlainMessageKey } from '../../lib/i18n';
import { useAdminJobs, useDeleteJob } from './api';

const columns: readonly PlainMessageKey[] = [
  'admin.jobs.id',
  'admin.jobs.jobTitle',
  'admin.jobs.company',
  'admin.jobs.location',
  'admin.jobs.type',
  'admin.jobs.actions',
];

const cellClass = 'px-3 py-2.5 whitespace-nowrap';
/**
 * Company, Location and Type have columns from 640 px; on a phone they are a line under the title,
 * so ID, Title and Delete fit 375 px and no Delete sits off-screen (docs/web-performance.md).
 */
const wideOnly: ReadonlySet<PlainMessageKey> = new Set([
  'admin.jobs.company',
  'admin.jobs.location',
  'admin.jobs.type',
]);
const wideCellClass = `${cellClass} hidden sm:table-cell`;

/**
 * the specified screens Manage Jobs (admin): the jobs in a table; Delete asks "Are you sure you want to delete
 * this job?", removes the row here and shows "Job deleted successfully." for 2 seconds.
 */
export function ManageJobsPage() {
  const jobs = useAdminJobs();
  const removal = useDeleteJob();
  const [pendingId, setPendingId] = useState<number | null>(null);
  // A new object each time, so a second delete shows its banner for the full 2 seconds too.
  const [notice, setNotice] = useState<{ kind: 'deleted' | 'deleteFailed' } | null>(null);

  useEffect(() => {
    if (notice?.kind !== 'deleted') return;
    const timer = setTimeout(() => setNotice(null), DELETE_BANNER_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  function handleConfirm() {
    if (pendingId === null) return;
    removal.mutate(pendingId, {
      onSuccess: () => setNotice({ kind: 'deleted' }),
      onError: () => setNotice({ kind: 'deleteFailed' }),
      onSettled: () => setPendingId(null),
    });
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-3 py-4 sm:px-4 sm:py-6">
      <title>{t('page.title', { page: t('admin.jobs.title') })}</title>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('admin.jobs.title')}</h1>

      <div className="mt-4 space-y-3">
        {jobs.isError && <Banner kind="error">{t('admin.jobs.loadFailed')}</Banner>}
        {notice?.kind === 'deleteFailed' && <Banner kind="error">{t('admin.jobs.deleteFailed')}</Banner>}
        {notice?.kind === 'deleted' && <Banner kind="success">{t('admin.jobs.deleted')}</Banner>}
      </div>

      {/* Should it ever be wider than the screen, the table scrolls inside its own box, never the page. */}
      <div className="mt-4 max-w-full overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-gray-900/5">
        <table className="w-full text-left text-sm sm:min-w-[40rem]">
          <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className={wideOnly.has(column) ? wideCellClass : cellClass}>
                  {t(column)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {jobs.isPending ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-8 text-center text-gray-500">
                  {t('common.loading')}
                </td>
              </tr>
            ) : (jobs.data ?? []).length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-8 text-center text-gray-600">
                  {jobs.isError ? t('admin.jobs.loadFailed') : t('admin.jobs.empty')}
                </td>
              </tr>
            ) : (
              (jobs.data ?? []).map((job) => (
                <tr key={job.id} className="text-gray-800">
                  <td className={`${cellClass} tabular-nums text-gray-500`}>{job.id}</td>
                  <td className="px-3 py-2.5 font-medium wrap-anywhere sm:max-w-64 sm:truncate sm:whitespace-nowrap">
                    <Link to={paths.jobDetails(job.id)} className="hover:underline">
                      {job.title}
                    </Link>
                    <span className="mt-0.5 block text-xs font-normal text-gray-600 sm:hidden">
                      {[job.company || t('jobs.private'), job.location, job.type].filter(Boolean).join(' · ')}
                    </span>
                  </td>
                  <td className={wideCellClass}>{job.company || t('jobs.private')}</td>
                  <td className={wideCellClass}>{job.location}</td>
                  <td className={wideCellClass}>{job.type}</td>
                  <td className={cellClass}>
                    <button
                      type="button"
                      onClick={() => setPendingId(job.id)}
                      aria-label={t('admin.jobs.deleteJob', { title: job.title })}
                      className={buttonClasses('danger')}
                    >
                      {t('common.delete')}
                    </button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <ConfirmDialog
        open={pendingId !== null}
        message={t('admin.jobs.confirm')}
        confirmLabel={t('common.delete')}
        busyLabel={t('common.deleting')}
        isBusy={removal.isPending}
        isDestructive
        onConfirm={handleConfirm}
        onCancel={() => setPendingId(null)}
      />
    </div>
  );
}
