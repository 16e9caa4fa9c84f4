import { EmptyState, ListError } from '../../components/list-states';
import { MorePages } from '../../components/load-more';
import { TimeAgo } from '../../components/time-ago';
import { t } from '../../lib/i18n';
import { flattenPages } from '../../lib/pages';
import { AdminNav, cardClass } from './admin-nav';
import { useAuditLog } from './api';

/** `/admin/audit`: every admin action, newest first. */
export function AdminAuditPage() {
  const audit = useAuditLog();
  const entries = flattenPages(audit.data);
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6">
      <AdminNav />
      <h1 className="text-2xl font-bold text-gray-900">{t('admin.audit.title')}</h1>
      <div className="mt-4">
        {audit.isPending ? (
          <p className="text-sm text-gray-600">{t('common.loading')}</p>
        ) : audit.isError ? (
          <ListError message={t('admin.audit.loadFailed')} onRetry={() => void audit.refetch()} />
        ) : entries.length === 0 ? (
          <EmptyState>{t('admin.audit.empty')}</EmptyState>
        ) : (
          <ol className={`${cardClass} divide-y divide-gray-100 p-0`}>
            {entries.map((e) => (
              <li key={e.id} className="px-4 py-3 text-sm">
                <p className="text-gray-900">
                  <span className="font-semibold">{e.admin.username}</span> · <code>{e.action}</code> ·{' '}
                  {e.target_type}
                  {e.target_id !== null && ` #${e.target_id}`}
                  {e.target_label && <span className="text-gray-700"> “{e.target_label}”</span>}
                </p>
                {e.note && <p className="mt-0.5 text-gray-700">{e.note}</p>}
                <TimeAgo iso={e.created_at} className="text-gray-600" />
              </li>
            ))}
            <li>
              <MorePages list={audit} />
            </li>
          </ol>
        )}
      </div>
    </main>
  );
}
