import {
  PAYMENT_CANCEL_AFTER_DAYS,
  toCents,
  webPaths,
  type PaymentDisputeInputValues,
  type PaymentInputValues,
  type PaymentStatus,
} from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kdb } from '../../db/database';
import type { CurrentUser } from '../../platform/auth';
import type { Platform } from '../../platform/context';
import { AppError, conflict, forbidden, notFound, validationError } from '../../platform/errors';
import { toPage, toPageRequest, type PageQueryValues } from '../../platform/pagination';
import { isUniqueViolation } from '../../platform/pg-errors';
import { createNotifier } from '../notifications/notifications.service';
import { writeTransaction } from '../../platform/write-transaction';
import type { Gateway } from './payments.gateway';
import { writeAudit } from '../moderation/moderation.audit';
import { toAdminPaymentDto, toPaymentDto } from './payments.mapper';
import * as repo from './payments.repo';
import type { Settlement } from './payments.settlement';

const paymentState = (message: string) => conflict('PAYMENT_STATE', message);
const DAY_MS = 86_400_000;

export function createPaymentsService(
  p: Pick<Platform, 'db' | 'events' | 'queue' | 'config' | 'clock'>,
  gateway: Gateway,
  settlement: Settlement,
  now: () => Date,
  log: FastifyBaseLogger,
) {
  const { db } = p;
  const notifier = createNotifier(db, p.events);

  async function answer(row: repo.PaymentRow) {
    return toPaymentDto(row, await repo.listEvents(db, [row.id]));
  }

  /** The bid's latest payment, for one of the deal's two sides (admins read it too). */
  async function forParty(user: CurrentUser, bidId: number, lock?: Kdb) {
    const deal = await repo.findDealParties(lock ?? db, bidId);
    if (!deal) throw notFound('Bid');
    const side = deal.client_id === user.id ? 'owner' : deal.winner_id === user.id ? 'winner' : null;
    if (!side && user.role !== 'admin') throw notFound('Payment');
    const row = await repo.findLatestForBid(lock ?? db, bidId, Boolean(lock));
    if (!row) throw notFound('Payment');
    return { row, side, deal };
  }

  async function sendStkPush(row: repo.PaymentRow) {
    try {
      const client = await gateway.client();
      const sent = await client.stkPush(
        {
          amount: row.amount,
          phone: row.phone,
          callbackUrl: gateway.callbackUrl('stk'),
          reference: `Jamii${row.bid_id ?? row.id}`,
          description: `Deal ${row.bid_id ?? row.id}`,
        },
        settlement.recorder(row.id),
      );
      const stored = await repo.updatePayment(db, row.id, {
        checkout_request_id: sent.CheckoutRequestID,
        merchant_request_id: sent.MerchantRequestID,
      });
      await settlement.applyEarlyStkCallbacks(sent.CheckoutRequestID);
      return stored;
    } catch (err) {
      log.error({ err, paymentId: row.id }, 'M-Pesa STK Push failed');
      await db.transaction().execute(async (trx) => {
        await repo.updatePayment(trx, row.id, { status: 'failed', result_code: 'not_sent' });
        await repo.insertEvent(trx, row.id, 'failed', now());
      });
      throw new AppError(
        'MPESA_UNAVAILABLE',
        503,
        'M-Pesa could not be reached. Please try again in a moment.',
      );
    }
  }

  return {
    async get(user: CurrentUser, bidId: number) {
      return answer((await forParty(user, bidId)).row);
    },

    /** The owner pays the accepted price: one STK Push per deal, however many taps. */
    async pay(user: CurrentUser, bidId: number, input: PaymentInputValues) {
      const outcome = await writeTransaction(db, async (trx) => {
        const deal = await repo.lockDeal(trx, bidId);
        if (!deal) throw notFound('Bid');
        if (deal.bid.client_id !== user.id) throw forbidden('Only the bid’s owner can pay for it');
        if (!deal.offer || deal.bid.status === 'Open')
          throw conflict('BID_NOT_ACCEPTED', 'Accept an offer before paying for the bid');
        if (deal.bid.currency !== 'KES')
          throw conflict('PAYMENT_CURRENCY', 'Only deals in Kenya shillings can be paid with M-Pesa');
        const live = await repo.findLiveForBid(trx, bidId);
        if (live?.status === 'pending') return { row: live, fresh: false };
        if (live) throw conflict('PAYMENT_EXISTS', 'This deal is already paid');
        if (deal.bid.status === 'Completed') throw paymentState('This bid is already completed');
        const phone = input.phone ?? (await repo.findUserPhone(trx, user.id))?.phone;
        if (!phone) throw validationError({ phone: 'Enter the M-Pesa number to pay from' });
        // M-Pesa moves whole shillings: the accepted price, rounded to the shilling.
        const amount = Math.round(toCents(Number(deal.offer.offer_price)) / 100);
        const fee = Math.floor((amount * p.config.mpesaFeePercent) / 100);
        const row = await repo.insertPayment(trx, {
          bid_id: bidId,
          bid_title: deal.bid.job_title,
          offer_id: deal.offer.id,
          payer_id: user.id,
          payee_id: deal.offer.user_id,
          amount,
          fee,
          phone,
          test_mode: gateway.testMode,
          created_at: now(),
        });
        await repo.insertEvent(trx, row.id, 'pending', now());
        return { row, fresh: true };
      }).catch((err: unknown) => {
        if (isUniqueViolation(err)) throw conflict('PAYMENT_EXISTS', 'This deal is already paid');
        throw err;
      });
      if (!outcome.fresh) return { payment: await answer(outcome.row) };
      const sent = await sendStkPush(outcome.row);
      log.info({ paymentId: sent.id, bidId }, 'M-Pesa STK Push sent');
      return { payment: await answer(sent) };
    },

    /**
     * The winner agrees to a cancel; the owner cancels (with that agreement, or once
     * PAYMENT_CANCEL_AFTER_DAYS passed since the money was held): refunded to the payer's phone.
     */
    async cancel(user: CurrentUser, bidId: number) {
      const { row, publish } = await db.transaction().execute(async (trx) => {
        const { row, side, deal } = await forParty(user, bidId, trx);
        if (!side) throw forbidden('Only the two sides of the deal can cancel its payment');
        if (deal.status === 'Completed') throw paymentState('This bid is already completed');
        if (row.status !== 'held') throw paymentState('Only money held for a deal can be refunded');
        if (side === 'winner') {
          const agreed = await repo.updatePayment(trx, row.id, { winner_agreed_cancel_at: now() });
          const publish = row.payer_id
            ? await notifier.notifyIn(
                trx,
                row.payer_id,
                { kind: 'payment_cancel_agreed', params: { name: user.name, bid: row.bid_title } },
                'info',
                { link: webPaths.bids, category: 'offers' },
              )
            : () => undefined;
          return { row: agreed, publish };
        }
        const waited =
          row.held_at !== null &&
          now().getTime() - row.held_at.getTime() >= PAYMENT_CANCEL_AFTER_DAYS * DAY_MS;
        if (!row.winner_agreed_cancel_at && !waited)
          throw paymentState(
            `The other side must agree, or ${PAYMENT_CANCEL_AFTER_DAYS} days must pass without delivery, before you cancel`,
          );
        const publish = await settlement.beginPayout(trx, row, 'refund', row.phone);
        return { row: (await repo.lockPayment(trx, row.id))!, publish };
      });
      publish();
      return answer(row);
    },

    /** Either side stops the money where it is and asks the moderators to decide. */
    async dispute(user: CurrentUser, bidId: number, input: PaymentDisputeInputValues) {
      const { row, publish } = await db.transaction().execute(async (trx) => {
        const { row, side } = await forParty(user, bidId, trx);
        if (!side) throw forbidden('Only the two sides of the deal can dispute its payment');
        if (row.status !== 'held') throw paymentState('Only money held for a deal can be disputed');
        const disputed = await repo.updatePayment(trx, row.id, {
          status: 'disputed',
          dispute_reason: input.reason,
          disputed_by: user.id,
        });
        await repo.insertEvent(trx, row.id, 'disputed', now());
        const params = { name: user.name, bid: row.bid_title };
        const about = { link: webPaths.bids, category: 'offers' as const };
        const publishes = await Promise.all(
          [row.payer_id, row.payee_id]
            .filter((id): id is number => id !== null)
            .map((id) => notifier.notifyIn(trx, id, { kind: 'payment_disputed', params }, 'info', about)),
        );
        return { row: disputed, publish: () => publishes.forEach((f) => f()) };
      });
      publish();
      log.info({ paymentId: row.id, userId: user.id }, 'payment disputed');
      return answer(row);
    },

    /** Admins: pay a held or disputed payment to the winner, or back to the payer. */
    async decide(admin: CurrentUser, paymentId: number, kind: 'release' | 'refund') {
      const { row, publish } = await db.transaction().execute(async (trx) => {
        const row = await repo.lockPayment(trx, paymentId);
        if (!row) throw notFound('Payment');
        if (row.status !== 'held' && row.status !== 'disputed')
          throw paymentState('Only money held for a deal can be released or refunded');
        const phone =
          kind === 'refund' ? row.phone : row.payee_id ? await repo.findPayoutPhone(trx, row.payee_id) : null;
        if (!phone)
          throw new AppError(
            'PAYMENT_PHONE_REQUIRED',
            409,
            'The winner has no verified phone to receive the money',
          );
        const publish = await settlement.beginPayout(trx, row, kind, phone);
        // An admin moving a member's money is an admin action: audited in the same commit.
        await writeAudit(trx, admin, {
          action: kind === 'release' ? 'payment_release' : 'payment_refund',
          target_type: 'payment',
          target_id: row.id,
          target_label: row.bid_title,
          note: row.dispute_reason ?? '',
        });
        return { row: (await repo.lockPayment(trx, row.id))!, publish };
      });
      publish();
      log.info({ paymentId, adminId: admin.id, kind }, 'payment decided by an admin');
      return answer(row);
    },

    async listForAdmins(query: PageQueryValues & { status?: PaymentStatus | undefined }) {
      const page = toPageRequest(query);
      const result = toPage(await repo.listForAdmins(db, query.status, page), page);
      const events = await repo.listEvents(
        db,
        result.items.map((r) => r.id),
      );
      return { ...result, items: result.items.map((row) => toAdminPaymentDto(row, events)) };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
