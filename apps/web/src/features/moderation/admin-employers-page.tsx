import type { AdminVerificationDto } from '@jamii/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { DialogTextarea, FormDialog } from '../../components/form-dialog';
import { EmptyState, ListError } from '../../components/list-states';
import { MorePages } from '../../components/load-more';
import { TabBar, tabIdFor } from '../../components/tab-bar';
import { TimeAgo } from '../../components/time-ago';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { flattenPages } from '../../lib/pages';
import { paths } from '../../lib/paths';
import { useToast } from '../../lib/toast';
import { AdminNav, cardClass } from './admin-nav';
import { useAdminVerifications, useDecideVerification } from './api';

type Filter = 'pending' | 'all';
const NOTE_MAX = 500;

/**
 * `/admin/employers`: members asking to be verified employers or licensed agencies. An admin opens
 * the certificate, checks the KRA PIN and the NEA licence, then approves or rejects with a note the
 * member reads.
 */
export function AdminEmployersPage() {
  const [filter, setFilter] = useState<Filter>('pending');
  const requests = useAdminVerifications(filter);
  const items = flattenPages(requests.data);
  const idPrefix = useId();
  const panelId = `${idPrefix}-panel`;
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6">
      <AdminNav />
      <h1 className="text-2xl font-bold text-gray-900">{t('admin.employers.title')}</h1>
      <TabBar
        className="mt-3"
        look="pill"
        label={t('admin.employers.show')}
        idPrefix={idPrefix}
        panelIdFor={() => panelId}
        activeId={filter}
        onSelect={setFilter}
        tabs={[
          { id: 'pending', label: t('admin.employers.pending') },
          { id: 'all', label: t('admin.employers.all') },
        ]}
      />
      <div id={panelId} role="tabpanel" aria-labelledby={tabIdFor(idPrefix, filter)} className="mt-4">
        {requests.isPending ? (
          <p className="text-sm text-gray-600">{t('common.loading')}</p>
        ) : requests.isError ? (
          <ListError message={t('admin.employers.loadFailed')} onRetry={() => void requests.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState>
            {filter === 'pending' ? t('admin.employers.empty') : t('admin.employers.emptyAll')}
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {items.map((request) => (
              <li key={request.id}>
                <RequestCard request={request} />
              </li>
            ))}
            <li>
              <MorePages list={requests} />
            </li>
          </ul>
        )}
      </div>
    </main>
  );
}

function RequestCard({ request }: { request: AdminVerificationDto }) {
  const decide = useDecideVerification();
  const toast = useToast();
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = request.legal_name;

  function open(decision: 'approve' | 'reject') {
    setNote('');
    setError(null);
    setDeciding(decision);
  }

  async function run() {
    if (!deciding) return;
    const approve = deciding === 'approve';
    try {
      await decide.mutateAsync({ id: request.id, approve, note });
      toast.success(t(approve ? 'admin.employers.approved' : 'admin.employers.rejected'));
      setDeciding(null);
    } catch (err) {
      setError(errorMessage(err, t('admin.employers.failed')));
    }
  }

  return (
    <article aria-label={t('admin.employers.label', { id: request.id, name })} className={cardClass}>
      <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
        <span className="text-base font-semibold break-words text-gray-900">{name}</span>
        <span className="rounded bg-gray-200 px-1.5 py-0.5 text-xs font-semibold text-gray-800">
          {t(`admin.employers.kind.${request.kind}`)}
        </span>
        <span className="rounded bg-gray-200 px-1.5 py-0.5 text-xs font-semibold text-gray-800">
          {t(`admin.employers.status.${request.status}`)}
        </span>
        <TimeAgo iso={request.created_at} />
      </p>
      <p className="mt-1 text-sm text-gray-700">
        <Link to={paths.user(request.user.username)} className="font-medium hover:underline">
          {t('admin.employers.by', { name: request.user.name, username: request.user.username })}
        </Link>
      </p>
      <ul className="mt-2 space-y-0.5 text-sm text-gray-900">
        <li>{t('admin.employers.kraPin', { pin: request.kra_pin })}</li>
        <li className="break-words">
          {t('admin.employers.registrationNo', { number: request.registration_no })}
        </li>
        {request.nea_licence_no && (
          <li className="break-words">
            {t('admin.employers.neaLicence', { number: request.nea_licence_no })}
          </li>
        )}
      </ul>
      {/* The PDF opens in the browser's own viewer: it is served inline, for admins only. */}
      <a
        href={request.document_url}
        target="_blank"
        rel="noopener"
        className="mt-2 inline-block text-sm font-semibold text-brand-700 underline underline-offset-2"
      >
        {t('admin.employers.document')}
      </a>
      {request.note && (
        <p className="mt-2 whitespace-pre-line break-words rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-900 ring-1 ring-gray-300">
          {t('admin.employers.note', { note: request.note })}
        </p>
      )}
      {request.status === 'pending' && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={buttonClasses('primary')} onClick={() => open('approve')}>
            {t('admin.employers.approve')}
          </button>
          <button type="button" className={buttonClasses('danger')} onClick={() => open('reject')}>
            {t('admin.employers.reject')}
          </button>
        </div>
      )}
      {deciding && (
        <FormDialog
          title={t(deciding === 'approve' ? 'admin.employers.approveTitle' : 'admin.employers.rejectTitle', {
            name,
          })}
          submitLabel={t(deciding === 'approve' ? 'admin.employers.approve' : 'admin.employers.reject')}
          busyLabel={t('admin.employers.deciding')}
          isBusy={decide.isPending}
          error={error}
          onSubmit={run}
          onClose={() => setDeciding(null)}
        >
          <DialogTextarea
            label={t('admin.employers.noteLabel')}
            value={note}
            maxLength={NOTE_MAX}
            onChange={setNote}
          />
        </FormDialog>
      )}
    </article>
  );
}
