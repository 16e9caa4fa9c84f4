import { formatMoney, type BidDto, type PaymentDto } from '@jamii/shared';
import { useState } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { usePayment, usePaymentAction, usePaymentMode } from './payment-api';

interface PaymentPanelProps {
  bid: BidDto;
  side: 'owner' | 'winner';
  /** The accepted price, in shillings. */
  price: number;
}

function statusLine(payment: PaymentDto, side: 'owner' | 'winner') {
  const amount = formatMoney(payment.amount, 'KES');
  switch (payment.status) {
    case 'pending':
      return side === 'owner' ? t('payments.pending') : t('payments.pendingWinner', { amount });
    case 'held':
      return side === 'owner' ? t('payments.held', { amount }) : t('payments.heldWinner', { amount });
    case 'releasing':
      return t('payments.releasing', { amount });
    case 'released':
      return t('payments.released', { amount });
    case 'refunding':
      return t('payments.refunding', { amount });
    case 'refunded':
      return t('payments.refunded', { amount });
    case 'failed':
      return t('payments.failed');
    case 'cancelled':
      return t('payments.cancelled');
    case 'disputed':
      return t('payments.disputed', { amount });
  }
}

/**
 * The deal's money on the bid card: Pay with M-Pesa (phone confirmed, then the PIN prompt), then
 * Pending, Held, Released with the receipt; cancel and refund, and dispute, while it is held.
 */
export function PaymentPanel({ bid, side, price }: PaymentPanelProps) {
  const payment = usePayment(bid.id, true);
  const action = usePaymentAction(bid.id);
  const [confirming, setConfirming] = useState(false);
  const [phone, setPhone] = useState('');
  const [disputing, setDisputing] = useState(false);
  const [reason, setReason] = useState('');
  const current = payment.data ?? null;
  const amount = formatMoney(Math.round(price), 'KES');
  const canPay =
    side === 'owner' &&
    bid.status === 'Closed' &&
    (!current || ['failed', 'cancelled'].includes(current.status));
  const mode = usePaymentMode();
  const testMode = current ? current.test_mode : mode.data?.test_mode === true;
  const problem = action.error ? errorMessage(action.error, t('payments.failedAction')) : null;

  if (payment.isPending) return null;
  if (!current && side === 'winner') return null;

  return (
    <section
      aria-label={t('payments.title')}
      className="mt-3 rounded-xl bg-brand-50 p-3 ring-1 ring-brand-200"
    >
      {testMode && (
        <p
          role="note"
          className="mb-2 rounded bg-blue-50 px-2 py-1 text-sm font-semibold text-blue-800 ring-1 ring-blue-200"
        >
          {t('payments.testMode')}
        </p>
      )}
      {current && (
        <p role="status" className="text-sm font-medium text-gray-900">
          {statusLine(current, side)}
        </p>
      )}
      {current?.mpesa_receipt && current.status !== 'released' && current.status !== 'refunded' && (
        <p className="text-sm text-gray-700">{t('payments.receipt', { receipt: current.mpesa_receipt })}</p>
      )}
      {current?.payout_receipt && (current.status === 'released' || current.status === 'refunded') && (
        <p className="text-sm text-gray-700">{t('payments.receipt', { receipt: current.payout_receipt })}</p>
      )}
      {canPay && !confirming && (
        <button
          type="button"
          className={`mt-2 ${buttonClasses('primary')}`}
          onClick={() => setConfirming(true)}
        >
          {current ? t('payments.tryAgain') : t('payments.pay', { amount })}
        </button>
      )}
      {canPay && confirming && (
        <form
          className="mt-2 flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            action.mutate({ kind: 'pay', phone }, { onSuccess: () => setConfirming(false) });
          }}
        >
          <label className="text-sm font-medium text-gray-800" htmlFor={`mpesa-phone-${bid.id}`}>
            {t('payments.phoneLabel')}
          </label>
          <input
            id={`mpesa-phone-${bid.id}`}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="0712 345 678"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            className="rounded-lg border border-gray-300 px-3 py-2"
          />
          <p className="text-sm text-gray-600">{t('payments.phoneHint', { amount })}</p>
          <button type="submit" disabled={action.isPending} className={buttonClasses('primary')}>
            {action.isPending ? t('payments.sending') : t('payments.sendPrompt')}
          </button>
        </form>
      )}
      {current?.status === 'held' && !disputing && (
        <div className="mt-2 flex flex-wrap gap-2">
          {side === 'owner' ? (
            <button
              type="button"
              className={buttonClasses('secondary')}
              disabled={action.isPending}
              onClick={() => action.mutate({ kind: 'cancel' })}
            >
              {t('payments.cancel')}
            </button>
          ) : current.winner_agreed_cancel ? (
            <p className="text-sm text-gray-700">{t('payments.agreed')}</p>
          ) : (
            <button
              type="button"
              className={buttonClasses('secondary')}
              disabled={action.isPending}
              onClick={() => action.mutate({ kind: 'cancel' })}
            >
              {t('payments.agreeCancel')}
            </button>
          )}
          <button type="button" className={buttonClasses('ghost')} onClick={() => setDisputing(true)}>
            {t('payments.dispute')}
          </button>
        </div>
      )}
      {current?.status === 'held' && side === 'owner' && !current.winner_agreed_cancel && (
        <p className="mt-1 text-xs text-gray-600">{t('payments.cancelHint')}</p>
      )}
      {disputing && current?.status === 'held' && (
        <form
          className="mt-2 flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            action.mutate({ kind: 'dispute', reason }, { onSuccess: () => setDisputing(false) });
          }}
        >
          <label className="text-sm font-medium text-gray-800" htmlFor={`dispute-${bid.id}`}>
            {t('payments.disputeReason')}
          </label>
          <textarea
            id={`dispute-${bid.id}`}
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className="rounded-lg border border-gray-300 px-3 py-2"
          />
          <button
            type="submit"
            disabled={action.isPending || !reason.trim()}
            className={buttonClasses('primary')}
          >
            {t('payments.sendDispute')}
          </button>
        </form>
      )}
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
    </section>
  );
}
