import type { Kdb } from '../../db/database';
import type { LedgerAccount, LedgerPosting } from '../../db/schema';
import * as repo from './payments.repo';

// Double entry in whole shillings. The shortcode's account is M-Pesa money the operator's
// shortcode holds; held_for_deals is what the shortcode holds for deals not yet done (a debit is
// positive, a credit negative). Each posting sums to zero, so each payment does.

type Lines = { account: LedgerAccount; amount: number }[];

export function postingLines(posting: LedgerPosting, payment: { amount: number; fee: number }): Lines {
  const { amount, fee } = payment;
  switch (posting) {
    case 'pay_in':
      return [
        { account: 'mpesa_shortcode', amount },
        { account: 'held_for_deals', amount: -amount },
      ];
    case 'release':
      return [
        { account: 'held_for_deals', amount },
        { account: 'mpesa_shortcode', amount: -(amount - fee) },
        ...(fee > 0 ? [{ account: 'platform_fees' as const, amount: -fee }] : []),
      ];
    case 'refund':
      return [
        { account: 'held_for_deals', amount },
        { account: 'mpesa_shortcode', amount: -amount },
      ];
  }
}

/**
 * Writes one posting of a payment. Money leaves (release, refund) only after a confirmed pay-in;
 * the table's unique key writes each posting once, whatever repeats it.
 */
export async function post(
  trx: Kdb,
  payment: { id: number; amount: number; fee: number },
  posting: LedgerPosting,
) {
  if (posting !== 'pay_in' && !(await repo.hasPosting(trx, payment.id, 'pay_in')))
    throw new Error(`payment ${payment.id}: no ${posting} without a confirmed pay-in`);
  const lines = postingLines(posting, payment).filter((line) => line.amount !== 0);
  if (lines.reduce((sum, line) => sum + line.amount, 0) !== 0)
    throw new Error(`payment ${payment.id}: the ${posting} posting does not balance`);
  await repo.insertLedgerLines(trx, payment.id, posting, lines);
}
