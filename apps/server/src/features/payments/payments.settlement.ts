import { formatMoney, webPaths, type Notice } from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kdb } from '../../db/database';
import type { Platform } from '../../platform/context';
import type { MpesaMessageKind } from '../../db/schema';
import { createNotifier } from '../notifications/notifications.service';
import type { RecordMessage } from './daraja.client';
import type { Gateway } from './payments.gateway';
import * as ledger from './payments.ledger';
import { beginPayout, PAYOUT_JOB, setStatus as setStatusAt, type PayoutPlatform } from './payments.payout';
import * as repo from './payments.repo';

// How Daraja's answers move a payment: each message is stored as received, then applied under the
// payment's row lock, and only when the payment is still in the state the message answers, so a
// repeat, a late callback or one that a query already settled changes nothing.

export { PAYOUT_JOB };
export const SWEEP_JOB = 'payments.sweep';
/** A payment one sweep took to ask about is left to it by the others for this long. */
const CHECK_CLAIM_MS = 10_000;
/** After this many failed B2C attempts the payout waits for an admin. */
export const MAX_PAYOUT_ATTEMPTS = 5;
const PAYOUT_RETRY_MS = 30_000;

type Apply = { publish: () => void };
const nothing: Apply = { publish: () => undefined };

export function createSettlement(
  p: PayoutPlatform & Pick<Platform, 'config'>,
  gateway: Gateway,
  now: () => Date,
  log: FastifyBaseLogger,
) {
  const { db } = p;
  const notifier = createNotifier(db, p.events);

  const recorder =
    (paymentId: number | null): RecordMessage =>
    async (kind, direction, key, body) => {
      await repo.recordMessage(db, {
        kind,
        direction,
        payment_id: paymentId,
        message_key: key,
        body: JSON.stringify(body),
      });
    };

  async function notifyBoth(trx: Kdb, row: repo.PaymentRow, payer: Notice | null, payee: Notice | null) {
    const about = { link: webPaths.bids, category: 'offers' as const };
    const publishes = [
      payer && row.payer_id ? await notifier.notifyIn(trx, row.payer_id, payer, 'info', about) : null,
      payee && row.payee_id ? await notifier.notifyIn(trx, row.payee_id, payee, 'info', about) : null,
    ];
    return () => publishes.forEach((publish) => publish?.());
  }

  const money = (row: repo.PaymentRow) => formatMoney(row.amount, 'KES');

  const setStatus = (
    trx: Kdb,
    row: { id: number },
    status: Parameters<typeof setStatusAt>[2],
    patch: Parameters<typeof setStatusAt>[4] = {},
  ) => setStatusAt(trx, row, status, now(), patch);

  /** The pay-in's outcome (a callback or a query): held, cancelled by the payer, or failed. */
  async function settlePayIn(
    trx: Kdb,
    row: repo.PaymentRow,
    resultCode: string,
    receipt: string | null,
  ): Promise<Apply> {
    if (resultCode === '0') {
      const held = await setStatus(trx, row, 'held', {
        result_code: resultCode,
        mpesa_receipt: receipt,
        held_at: now(),
      });
      await ledger.post(trx, held, 'pay_in');
      const params = { amount: money(held), bid: held.bid_title };
      return {
        publish: await notifyBoth(
          trx,
          held,
          { kind: 'payment_held_payer', params },
          { kind: 'payment_held_payee', params },
        ),
      };
    }
    const failed = await setStatus(trx, row, resultCode === '1032' ? 'cancelled' : 'failed', {
      result_code: resultCode,
    });
    return {
      publish: await notifyBoth(
        trx,
        failed,
        { kind: 'payment_failed', params: { bid: failed.bid_title } },
        null,
      ),
    };
  }

  /** Stores a message from Daraja, then applies it to its payment once. */
  async function receive(
    kind: MpesaMessageKind,
    key: string | null,
    body: unknown,
    find: () => Promise<{ id: number } | undefined>,
    apply: (trx: Kdb, row: repo.PaymentRow) => Promise<Apply | null>,
    storedId?: number,
  ) {
    const message = storedId
      ? { id: storedId }
      : await repo.recordMessage(db, {
          kind,
          direction: 'received',
          payment_id: null,
          message_key: key,
          body: JSON.stringify(body),
        });
    const found = await find();
    if (!found) {
      log.warn({ kind }, 'M-Pesa callback for no known payment');
      return;
    }
    const { publish } = await db.transaction().execute(async (trx) => {
      const row = await repo.lockPayment(trx, found.id);
      const applied = row ? await apply(trx, row) : null;
      if (applied) await repo.markMessageApplied(trx, message.id, found.id);
      else
        await trx
          .updateTable('mpesa_messages')
          .set({ payment_id: found.id })
          .where('id', '=', message.id)
          .execute();
      return applied ?? nothing;
    });
    publish();
  }

  /** Sends (or sends again, with the same OriginatorConversationID) a payment's payout. */
  async function sendPayout(paymentId: number) {
    const row = await repo.lockPayment(db, paymentId);
    if (!row || (row.status !== 'releasing' && row.status !== 'refunding')) return;
    if (!row.originator_conversation_id || !row.payout_phone) return;
    const client = await gateway.client();
    const answer = await client.b2c(
      {
        originatorConversationId: row.originator_conversation_id,
        amount: row.payout_kind === 'release' ? row.amount - row.fee : row.amount,
        phone: row.payout_phone,
        resultUrl: gateway.callbackUrl('b2c/result'),
        timeoutUrl: gateway.callbackUrl('b2c/timeout'),
        remarks:
          row.payout_kind === 'release' ? `Jamii deal ${row.bid_id ?? row.id}` : `Jamii refund ${row.id}`,
        occasion: row.bid_title,
      },
      recorder(row.id),
    );
    await repo.updatePayment(db, row.id, { conversation_id: answer.ConversationID });
  }

  return {
    recorder,

    /** Starts paying out a held (or disputed) payment: to the winner (release) or back (refund). */
    beginPayout: (trx: Kdb, row: repo.PaymentRow, kind: 'release' | 'refund', phone: string) =>
      beginPayout(p, trx, row, kind, phone),

    sendPayout,

    /**
     * A callback that came before the STK Push's answer was stored (Daraja may call back at once):
     * kept unapplied, it is applied once the payment knows its CheckoutRequestID.
     */
    async applyEarlyStkCallbacks(checkoutId: string) {
      const early = await repo.findUnappliedMessages(db, 'stk_callback', checkoutId);
      for (const message of early) await this.stkCallback(JSON.parse(message.body), message.id);
    },

    async stkCallback(body: unknown, storedId?: number) {
      const cb = (body as { Body?: { stkCallback?: Record<string, unknown> } })?.Body?.stkCallback;
      const checkoutId = typeof cb?.CheckoutRequestID === 'string' ? cb.CheckoutRequestID : null;
      await receive(
        'stk_callback',
        checkoutId,
        body,
        async () => (checkoutId ? repo.findByCheckoutId(db, checkoutId) : undefined),
        async (trx, row) => {
          const resultCode = String(cb?.ResultCode ?? '');
          const items = (cb?.CallbackMetadata as { Item?: { Name: string; Value?: unknown }[] })?.Item ?? [];
          const item = (name: string) => items.find((i) => i.Name === name)?.Value;
          const receipt = item('MpesaReceiptNumber') ? String(item('MpesaReceiptNumber')) : null;
          if (row.status !== 'pending') {
            // Late, after a query settled it: only the receipt the query could not give is taken.
            if (resultCode === '0' && receipt && !row.mpesa_receipt && row.result_code === '0') {
              await repo.updatePayment(trx, row.id, { mpesa_receipt: receipt });
            }
            return null;
          }
          if (resultCode === '0' && Number(item('Amount')) !== row.amount) {
            log.error({ paymentId: row.id }, 'M-Pesa pay-in of another amount than asked');
            return settlePayIn(trx, row, 'amount_mismatch', receipt);
          }
          return settlePayIn(trx, row, resultCode, receipt);
        },
        storedId,
      );
    },

    async b2cCallback(kind: 'b2c_result' | 'b2c_timeout', body: unknown) {
      const result = (body as { Result?: Record<string, unknown> })?.Result;
      const originator = String(result?.OriginatorConversationID ?? '');
      const conversation = String(result?.ConversationID ?? '');
      let retry: number | null = null;
      await receive(
        kind,
        originator || conversation || null,
        body,
        async () =>
          originator || conversation ? repo.findByConversation(db, originator, conversation) : undefined,
        async (trx, row) => {
          if (row.status !== 'releasing' && row.status !== 'refunding') return null;
          if (kind === 'b2c_result' && String(result?.ResultCode) === '0') {
            const done = await setStatus(trx, row, row.status === 'releasing' ? 'released' : 'refunded', {
              payout_receipt: String(result?.TransactionID ?? '') || null,
            });
            await ledger.post(trx, done, done.status === 'released' ? 'release' : 'refund');
            const params = { amount: money(done), bid: done.bid_title };
            const publish =
              done.status === 'released'
                ? await notifyBoth(
                    trx,
                    done,
                    { kind: 'payment_released_payer', params },
                    {
                      kind: 'payment_released_payee',
                      params: { ...params, amount: formatMoney(done.amount - done.fee, 'KES') },
                    },
                  )
                : await notifyBoth(
                    trx,
                    done,
                    { kind: 'payment_refunded_payer', params },
                    { kind: 'payment_refunded_payee', params },
                  );
            return { publish };
          }
          const failures = Number((await repo.countPayoutFailures(trx, row.id)).n) + 1;
          retry = failures < MAX_PAYOUT_ATTEMPTS ? failures : null;
          if (retry === null)
            log.error({ paymentId: row.id }, 'M-Pesa payout failed on every attempt: an admin must act');
          return nothing;
        },
      );
      if (retry !== null) {
        // A key of its own: the attempt that failed may still be finishing as its job.
        const found = await repo.findByConversation(db, originator, conversation);
        if (found)
          await p.queue.enqueue(
            PAYOUT_JOB,
            { paymentId: found.id },
            { singletonKey: `${found.id}:retry:${retry}`, delayMs: PAYOUT_RETRY_MS },
          );
      }
    },

    /**
     * Payments pending longer than the callback should take (PAYMENT_PENDING_QUERY_MS): asked about
     * by STK query. A prompt never sent (the process stopped between storing it and calling Daraja)
     * has failed.
     */
    async settlePending() {
      const due = await repo.listPendingBefore(
        db,
        new Date(now().getTime() - p.config.paymentPendingQueryMs),
      );
      for (const { id } of due) {
        // Another sweep running beside this one (a start makes a stopped process's turn due) has it.
        if (!(await repo.claimPendingCheck(db, id, now(), CHECK_CLAIM_MS))) continue;
        let row = await repo.lockPayment(db, id);
        if (!row || row.status !== 'pending') continue;
        if (!row.checkout_request_id) {
          // Daraja took the push, and the process stopped before the payment took its id: the
          // stored answer has it. A callback that came meanwhile was kept for no payment: applied now.
          const accepted = await repo.findAcceptedStkPush(db, id);
          if (accepted) {
            await repo.updatePayment(db, id, {
              checkout_request_id: accepted.checkoutRequestId,
              merchant_request_id: accepted.merchantRequestId,
            });
            await this.applyEarlyStkCallbacks(accepted.checkoutRequestId);
            row = await repo.lockPayment(db, id);
            if (!row || row.status !== 'pending') continue;
          }
        }
        let resultCode: string | null = 'never_sent';
        if (row.checkout_request_id) {
          const answer = await (await gateway.client()).stkQuery(row.checkout_request_id, recorder(row.id));
          resultCode = answer.ResultCode !== undefined ? String(answer.ResultCode) : null;
        }
        if (resultCode === null) continue; // still being processed: asked again on the next sweep
        const { publish } = await db.transaction().execute(async (trx) => {
          const locked = await repo.lockPayment(trx, id);
          return locked?.status === 'pending' ? settlePayIn(trx, locked, resultCode, null) : nothing;
        });
        publish();
      }
      return due.length;
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
