import type { MyApplicationDto } from '@jamii/shared';
import { useState } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageSpinner } from '../../components/page-spinner';
import { TimeAgo } from '../../components/time-ago';
import { PagedList } from '../../components/paged-list';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useToast } from '../../lib/toast';
import { useMyApplications, useSetApplicationStatus } from './api';
import { ApplicationStatusBadge } from './status-badge';
import { NameLink } from '../../components/name-link';
import { TitledSection } from '../../components/titled-section';

function MyApplicationRow({
  application,
  onWithdraw,
}: {
  application: MyApplicationDto;
  onWithdraw: (application: MyApplicationDto) => void;
}) {
  const canWithdraw = application.status !== 'withdrawn';
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <div className="min-w-0 flex-1 basis-48">
        <NameLink to={paths.jobDetails(application.job_id)} className="block break-words">
          {application.job_title}
        </NameLink>
        <p className="text-sm break-words text-gray-600">
          {application.company.trim() || t('jobs.private')} · <TimeAgo iso={application.created_at} />
        </p>
      </div>
      <ApplicationStatusBadge status={application.status} />
      {canWithdraw && (
        <button
          type="button"
          className={buttonClasses('ghost')}
          aria-label={t('applications.withdrawLabel', { title: application.job_title })}
          onClick={() => onWithdraw(application)}
        >
          {t('applications.withdraw')}
        </button>
      )}
    </li>
  );
}

/** Profile › My applications (own profile only): each job applied for, its status, Withdraw. */
export function MyApplicationsTab() {
  const list = useMyApplications();
  const setStatus = useSetApplicationStatus();
  const toast = useToast();
  const [withdrawing, setWithdrawing] = useState<MyApplicationDto | null>(null);

  function confirmWithdraw() {
    if (!withdrawing) return;
    setStatus.mutate(
      { id: withdrawing.id, status: 'withdrawn' },
      {
        onSuccess: () => toast.success(t('applications.withdrawn')),
        onError: (error) => toast.error(errorMessage(error, t('applications.withdrawFailed'))),
        onSettled: () => setWithdrawing(null),
      },
    );
  }

  return (
    <TitledSection headingId="my-applications-title" title={t('applications.mine.title')}>
      <PagedList
        list={list}
        loading={<PageSpinner />}
        loadFailed={t('applications.mine.loadFailed')}
        empty={t('applications.mine.empty')}
        label={t('applications.mine.title')}
        className="divide-y divide-gray-100"
        renderItem={(application) => (
          <MyApplicationRow application={application} onWithdraw={setWithdrawing} />
        )}
      />
      <ConfirmDialog
        open={withdrawing !== null}
        message={t('applications.withdrawConfirm')}
        confirmLabel={t('applications.withdrawConfirmLabel')}
        busyLabel={t('applications.withdrawing')}
        isBusy={setStatus.isPending}
        isDestructive
        onConfirm={confirmWithdraw}
        onCancel={() => setWithdrawing(null)}
      />
    </TitledSection>
  );
}
