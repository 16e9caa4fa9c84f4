import { PAYMENT_CANCEL_AFTER_DAYS, type AdminPaymentDto, type PaymentDto } from '@jamii/shared';
import type { PaymentRow } from './payments.repo';

type EventRow = { payment_id: number; status: PaymentDto['status']; at: Date };

export function toPaymentDto(row: PaymentRow, events: EventRow[]): PaymentDto {
  const cancelFrom =
    row.status === 'held' && row.held_at
      ? new Date(row.held_at.getTime() + PAYMENT_CANCEL_AFTER_DAYS * 86_400_000).toISOString()
      : null;
  return {
    id: row.id,
    bid_id: row.bid_id,
    status: row.status,
    amount: row.amount,
    currency: 'KES',
    phone: row.phone,
    mpesa_receipt: row.mpesa_receipt,
    payout_receipt: row.payout_receipt,
    winner_agreed_cancel: row.winner_agreed_cancel_at !== null,
    cancel_allowed_from: cancelFrom,
    dispute_reason: row.dispute_reason,
    test_mode: row.test_mode,
    events: events
      .filter((e) => e.payment_id === row.id)
      .map((e) => ({ status: e.status, at: e.at.toISOString() })),
  };
}

type AdminRow = PaymentRow & {
  payer_username: string | null;
  payer_name: string | null;
  payee_username: string | null;
  payee_name: string | null;
};

const party = (id: number | null, username: string | null, name: string | null) =>
  id !== null && username !== null ? { id, username, name: name ?? '' } : null;

export function toAdminPaymentDto(row: AdminRow, events: EventRow[]): AdminPaymentDto {
  return {
    ...toPaymentDto(row, events),
    bid_title: row.bid_title,
    payer: party(row.payer_id, row.payer_username, row.payer_name),
    payee: party(row.payee_id, row.payee_username, row.payee_name),
    created_at: row.created_at.toISOString(),
  };
}
