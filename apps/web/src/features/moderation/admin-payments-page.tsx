import { formatMoney, type AdminPaymentDto } from '@jamii/shared';
import { useId, useState } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, ListError } from '../../components/list-states';
import { MorePages } from '../../components/load-more';
import { TabBar, tabIdFor } from '../../components/tab-bar';
import { TimeAgo } from '../../components/time-ago';
import { useToast } from '../../lib/toast';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { flattenPages } from '../../lib/pages';
import { AdminNav, cardClass } from './admin-nav';
import { useAdminPayments, useDecidePayment } from './api';

type Filter = 'disputed' | 'all';
type Decision = 'release' | 'refund';

/** Only money Jamii still holds can be decided on. */
const DECIDABLE = new Set<AdminPaymentDto['status']>(['held', 'disputed']);

/**
 * `/admin/payments`: the deals' M-Pesa payments. Disputed ones first (the moderators' queue), with
 * the reason; an admin releases the money to the worker or refunds the client, after a question.
 */
export function AdminPaymentsPage() {
  const [filter, setFilter] = useState<Filter>('disputed');
  const payments = useAdminPayments(filter);
  const items = flattenPages(payments.data);
  const idPrefix = useId();
  const panelId = `${idPrefix}-panel`;
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6">
      <AdminNav />
      <h1 className="text-2xl font-bold text-gray-900">{t('admin.payments.title')}</h1>
      <TabBar
        className="mt-3"
        look="pill"
        label={t('admin.payments.show')}
        idPrefix={idPrefix}
        panelIdFor={() => panelId}
        activeId={filter}
        onSelect={setFilter}
        tabs={[
          { id: 'disputed', label: t('admin.payments.disputed') },
          { id: 'all', label: t('admin.payments.all') },
        ]}
      />
      <div id={panelId} role="tabpanel" aria-labelledby={tabIdFor(idPrefix, filter)} className="mt-4">
        {payments.isPending ? (
          <p className="text-sm text-gray-600">{t('common.loading')}</p>
        ) : payments.isError ? (
          <ListError message={t('admin.payments.loadFailed')} onRetry={() => void payments.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState>
            {filter === 'disputed' ? t('admin.payments.empty') : t('admin.payments.emptyAll')}
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {items.map((payment) => (
              <li key={payment.id}>
                <PaymentCard payment={payment} />
              </li>
            ))}
            <li>
              <MorePages list={payments} />
            </li>
          </ul>
        )}
      </div>
    </main>
  );
}

function PaymentCard({ payment }: { payment: AdminPaymentDto }) {
  const decide = useDecidePayment();
  const toast = useToast();
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const amount = formatMoney(payment.amount, payment.currency);
  const payer = payment.payer?.name ?? t('admin.payments.someone');
  const payee = payment.payee?.name ?? t('admin.payments.someone');

  async function run(decision: Decision) {
    try {
      await decide.mutateAsync({ id: payment.id, decision });
      toast.success(t(decision === 'release' ? 'admin.payments.released' : 'admin.payments.refunded'));
    } catch (err) {
      toast.error(errorMessage(err, t('payments.failedAction')));
    } finally {
      setConfirming(null);
    }
  }

  return (
    <article
      aria-label={t('admin.payments.label', { id: payment.id, title: payment.bid_title })}
      className={cardClass}
    >
      <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
        <span className="text-base font-semibold text-gray-900">{amount}</span>
        <span className="rounded bg-gray-200 px-1.5 py-0.5 text-xs font-semibold text-gray-800">
          {t(`admin.payments.status.${payment.status}`)}
        </span>
        <TimeAgo iso={payment.created_at} />
      </p>
      <p className="mt-1 break-words font-medium text-gray-900">{payment.bid_title}</p>
      <p className="text-sm text-gray-700">{t('admin.payments.parties', { payer, payee })}</p>
      {payment.mpesa_receipt && (
        <p className="text-sm text-gray-700">{t('payments.receipt', { receipt: payment.mpesa_receipt })}</p>
      )}
      {payment.dispute_reason && (
        <p className="mt-2 whitespace-pre-line break-words rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-900 ring-1 ring-gray-300">
          {t('admin.payments.reason', { reason: payment.dispute_reason })}
        </p>
      )}
      {DECIDABLE.has(payment.status) && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={buttonClasses('primary')} onClick={() => setConfirming('release')}>
            {t('payments.adminRelease')}
          </button>
          <button
            type="button"
            className={buttonClasses('secondary')}
            onClick={() => setConfirming('refund')}
          >
            {t('payments.adminRefund')}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        message={
          confirming === 'refund'
            ? t('admin.payments.refundConfirm', { amount, name: payer })
            : t('admin.payments.releaseConfirm', { amount, name: payee })
        }
        confirmLabel={confirming === 'refund' ? t('payments.adminRefund') : t('payments.adminRelease')}
        busyLabel={t('admin.payments.deciding')}
        isBusy={decide.isPending}
        onConfirm={() => confirming && void run(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </article>
  );
}
