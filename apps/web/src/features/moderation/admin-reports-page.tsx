import { explainReason, type HeldItem, type ReportGroup, type ResolveAction } from '@jamii/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, ListError } from '../../components/list-states';
import { MorePages } from '../../components/load-more';
import { TimeAgo } from '../../components/time-ago';
import { errorMessage } from '../../lib/api';
import { currentLanguage, t, type PlainMessageKey } from '../../lib/i18n';
import { flattenPages } from '../../lib/pages';
import { paths } from '../../lib/paths';
import { useToast } from '../../lib/toast';
import { AdminNav, cardClass } from './admin-nav';
import { useDecideHeld, useHeldItems, useReportQueue, useResolveReport } from './api';

const ACTIONS: readonly { action: ResolveAction; label: PlainMessageKey; confirm?: PlainMessageKey }[] = [
  { action: 'dismiss', label: 'admin.reports.dismiss' },
  { action: 'hide', label: 'admin.reports.hide' },
  { action: 'remove', label: 'admin.reports.remove', confirm: 'admin.reports.removeConfirm' },
  { action: 'suspend_author', label: 'admin.reports.suspend', confirm: 'admin.reports.suspendConfirm' },
];

/** The page's two tabs: open reports, and items the scam shield held back. */
const QUEUES = ['reports', 'held'] as const;

/** `/admin/reports`: open reports grouped by item, and the scam shield's held items. */
export function AdminReportsPage() {
  const [tab, setTab] = useState<(typeof QUEUES)[number]>('reports');
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6">
      <AdminNav />
      <h1 className="text-2xl font-bold text-gray-900">{t('admin.reports.title')}</h1>
      <div
        role="tablist"
        aria-label={t('admin.reports.title')}
        className="mt-3 flex gap-2 border-b border-gray-200"
      >
        {QUEUES.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            onClick={() => setTab(id)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600 ${
              tab === id ? 'border-brand-700 text-brand-800' : 'border-transparent text-gray-600'
            }`}
          >
            {t(id === 'reports' ? 'admin.reports.tabOpen' : 'admin.reports.tabHeld')}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="mt-4">
        {tab === 'reports' ? <ReportQueue /> : <HeldQueue />}
      </div>
    </main>
  );
}

function targetLink(type: string, id: number, author?: { username: string } | null) {
  if (type === 'job') return paths.jobDetails(id);
  if (type === 'user' && author) return paths.user(author.username);
  return null;
}

function ReportQueue() {
  const queue = useReportQueue();
  const groups = flattenPages(queue.data);
  if (queue.isPending) return <p className="text-sm text-gray-600">{t('common.loading')}</p>;
  if (queue.isError)
    return <ListError message={t('admin.reports.loadFailed')} onRetry={() => void queue.refetch()} />;
  if (groups.length === 0) return <EmptyState>{t('admin.reports.empty')}</EmptyState>;
  return (
    <ul className="space-y-3">
      {groups.map((g) => (
        <li key={`${g.target_type}:${g.target_id}`}>
          <ReportGroupCard group={g} />
        </li>
      ))}
      <li>
        <MorePages list={queue} />
      </li>
    </ul>
  );
}

function ReportGroupCard({ group }: { group: ReportGroup }) {
  const resolve = useResolveReport();
  const toast = useToast();
  const [confirming, setConfirming] = useState<(typeof ACTIONS)[number] | null>(null);
  const link = targetLink(group.target_type, group.target_id, group.author);

  async function run(action: ResolveAction) {
    try {
      await resolve.mutateAsync({ id: group.id, action });
      toast.success(t('admin.reports.resolved'));
    } catch (err) {
      toast.error(errorMessage(err, t('admin.reports.resolveFailed')));
    } finally {
      setConfirming(null);
    }
  }

  return (
    <article
      aria-label={t('admin.reports.groupLabel', { type: group.target_type, id: group.target_id })}
      className={cardClass}
    >
      <p className="text-sm text-gray-600">
        <span className="font-semibold text-gray-900">
          {group.target_type} #{group.target_id}
        </span>{' '}
        · {t('admin.reports.count', { count: group.count })} · <TimeAgo iso={group.last_reported_at} />
        {group.moderation && group.moderation !== 'visible' && (
          <span className="ml-2 rounded bg-gray-200 px-1.5 py-0.5 text-xs font-semibold text-gray-800">
            {group.moderation}
          </span>
        )}
      </p>
      <p className="mt-2 break-words text-gray-900">
        {link ? (
          <Link to={link} className="hover:underline">
            {group.preview || t('admin.reports.gone')}
          </Link>
        ) : (
          group.preview || t('admin.reports.gone')
        )}
      </p>
      {group.author && (
        <p className="mt-1 text-sm text-gray-600">
          {t('admin.reports.by')}{' '}
          <Link to={paths.user(group.author.username)} className="font-medium hover:underline">
            {group.author.name} ({group.author.username})
          </Link>
        </p>
      )}
      <p className="mt-2 text-sm text-gray-700">
        {t('admin.reports.reasons')}: {group.reasons.join(', ')}
      </p>
      {group.notes.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-sm text-gray-700">
          {group.notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {ACTIONS.map((a) => (
          <button
            key={a.action}
            type="button"
            disabled={resolve.isPending}
            onClick={() => (a.confirm ? setConfirming(a) : void run(a.action))}
            className={buttonClasses(a.confirm ? 'danger' : 'secondary')}
          >
            {t(a.label)}
          </button>
        ))}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        message={confirming?.confirm ? t(confirming.confirm) : ''}
        confirmLabel={confirming ? t(confirming.label) : ''}
        isBusy={resolve.isPending}
        isDestructive
        onConfirm={() => confirming && void run(confirming.action)}
        onCancel={() => setConfirming(null)}
      />
    </article>
  );
}

function HeldQueue() {
  const held = useHeldItems();
  const items = flattenPages(held.data);
  if (held.isPending) return <p className="text-sm text-gray-600">{t('common.loading')}</p>;
  if (held.isError)
    return <ListError message={t('admin.held.loadFailed')} onRetry={() => void held.refetch()} />;
  if (items.length === 0) return <EmptyState>{t('admin.held.empty')}</EmptyState>;
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        <li key={`${item.type}:${item.id}`}>
          <HeldCard item={item} />
        </li>
      ))}
      <li>
        <MorePages list={held} />
      </li>
    </ul>
  );
}

function HeldCard({ item }: { item: HeldItem }) {
  const decide = useDecideHeld();
  const toast = useToast();
  async function run(approve: boolean) {
    try {
      await decide.mutateAsync({ type: item.type, id: item.id, approve });
      toast.success(t(approve ? 'admin.held.approved' : 'admin.held.rejected'));
    } catch (err) {
      toast.error(errorMessage(err, t('admin.reports.resolveFailed')));
    }
  }
  return (
    <article
      aria-label={t('admin.reports.groupLabel', { type: item.type, id: item.id })}
      className={cardClass}
    >
      <p className="text-sm text-gray-600">
        <span className="font-semibold text-gray-900">
          {item.type} #{item.id}
        </span>{' '}
        · {item.author.name} ({item.author.username}) · <TimeAgo iso={item.created_at} />
      </p>
      <p className="mt-2 text-sm font-semibold text-gray-900">{t(`admin.held.level.${item.risk_level}`)}</p>
      {item.scam_reports > 0 && (
        <p className="mt-1 text-sm font-semibold text-red-700">
          {t('admin.held.scamReports', { count: item.scam_reports })}
        </p>
      )}
      {item.risk_reasons.length > 0 && (
        <>
          <h3 className="mt-2 text-sm font-semibold text-gray-900">{t('admin.held.reasons')}</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-gray-800" data-testid="held-reasons">
            {item.risk_reasons.map((code) => (
              <li key={code}>{explainReason(code, currentLanguage()) ?? code}</li>
            ))}
          </ul>
        </>
      )}
      <h3 className="mt-3 text-sm font-semibold text-gray-900">{t('admin.held.text')}</h3>
      <p
        data-testid="held-text"
        className="mt-1 max-h-80 overflow-y-auto rounded-lg bg-gray-50 px-3 py-2 text-sm break-words whitespace-pre-line text-gray-900 ring-1 ring-gray-300"
      >
        <MarkedText text={item.text} matches={item.matches} />
      </p>
      <p className="mt-2 text-xs text-gray-600">{t('admin.held.decisionsNote')}</p>
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          disabled={decide.isPending}
          onClick={() => void run(true)}
          className={buttonClasses('primary')}
        >
          {t('admin.held.approve')}
        </button>
        <button
          type="button"
          disabled={decide.isPending}
          onClick={() => void run(false)}
          className={buttonClasses('danger')}
        >
          {t('admin.held.reject')}
        </button>
      </div>
    </article>
  );
}

// The item's empty fields (a job without a company) are empty lines of the text: shown as none.
const plain = (part: string) => part.replace(/\n{2,}/g, '\n');

/** The text with the words behind each reason in <mark>, each titled with its reason in words. */
function MarkedText({ text, matches }: { text: string; matches: HeldItem['matches'] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const m of matches) {
    if (m.start < at || m.end > text.length) continue;
    if (m.start > at) parts.push(plain(text.slice(at, m.start)));
    const reason = explainReason(m.reason, currentLanguage()) ?? m.reason;
    parts.push(
      <mark
        key={m.start}
        title={t('admin.held.matchReason', { reason })}
        className="rounded bg-red-100 px-0.5 font-semibold text-gray-900 ring-1 ring-red-200"
      >
        {text.slice(m.start, m.end)}
      </mark>,
    );
    at = m.end;
  }
  parts.push(plain(text.slice(at)));
  return <>{parts}</>;
}
