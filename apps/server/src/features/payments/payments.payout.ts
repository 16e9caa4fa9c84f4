import { randomUUID } from 'node:crypto';
import { formatMoney, webPaths } from '@jamii/shared';
import type { Kdb } from '../../db/database';
import type { PaymentStatus } from '../../db/schema';
import type { Platform } from '../../platform/context';
import { createNotifier } from '../notifications/notifications.service';
import * as repo from './payments.repo';

// Money leaving the shortcode (to the winner, or back to the payer) starts here, inside the
// transaction that decides it; the B2C request itself runs on the job queue after the commit.

export const PAYOUT_JOB = 'payments.payout';

export type PayoutPlatform = Pick<Platform, 'db' | 'events' | 'queue' | 'clock'>;

export const clockOf = (p: Pick<Platform, 'clock'>) => p.clock ?? (() => new Date());

/** A new status and its event, at the platform's time. */
export async function setStatus(
  trx: Kdb,
  row: { id: number },
  status: PaymentStatus,
  at: Date,
  patch: Parameters<typeof repo.updatePayment>[2] = {},
) {
  const updated = await repo.updatePayment(trx, row.id, { ...patch, status });
  await repo.insertEvent(trx, row.id, status, at);
  return updated;
}

/** Held (or disputed) → releasing or refunding; answers what to run after commit. */
export async function beginPayout(
  p: PayoutPlatform,
  trx: Kdb,
  row: repo.PaymentRow,
  kind: 'release' | 'refund',
  phone: string,
) {
  const updated = await setStatus(trx, row, kind === 'release' ? 'releasing' : 'refunding', clockOf(p)(), {
    payout_kind: kind,
    payout_phone: phone,
    // Kept for every retry: Daraja pays one OriginatorConversationID once.
    originator_conversation_id: row.originator_conversation_id ?? randomUUID(),
  });
  return () =>
    void p.queue
      .enqueue(PAYOUT_JOB, { paymentId: updated.id }, { singletonKey: String(updated.id) })
      .catch(() => undefined);
}

/**
 * Inside a bid's completion: its held payment starts going to the winner's verified phone. A winner
 * without one is told to add it; the money stays held until an admin releases it.
 */
export async function releaseOnCompletion(p: PayoutPlatform, trx: Kdb, bidId: number): Promise<() => void> {
  const row = await repo.findLatestForBid(trx, bidId, true);
  if (!row || row.status !== 'held' || !row.payee_id) return () => undefined;
  const phone = await repo.findPayoutPhone(trx, row.payee_id);
  if (phone) return beginPayout(p, trx, row, 'release', phone);
  return createNotifier(trx, p.events).notifyIn(
    trx,
    row.payee_id,
    {
      kind: 'payment_phone_needed',
      params: { amount: formatMoney(row.amount - row.fee, 'KES'), bid: row.bid_title },
    },
    'info',
    { link: webPaths.bids, category: 'offers' },
  );
}
