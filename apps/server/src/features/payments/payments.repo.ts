import { sql, type Selectable, type Updateable } from 'kysely';
import type { Kdb } from '../../db/database';
import type {
  LedgerAccount,
  LedgerPosting,
  MpesaMessageKind,
  PaymentStatus,
  PaymentsTable,
} from '../../db/schema';
import type { PageRequest } from '../../platform/pagination';
import { keysetPage } from '../../platform/pagination';

export type PaymentRow = Selectable<PaymentsTable>;

/** The bid (locked for the payment's transaction) and its accepted offer, if any. */
export async function lockDeal(db: Kdb, bidId: number) {
  const bid = await db
    .selectFrom('bids')
    .select(['id', 'client_id', 'job_title', 'currency', 'status'])
    .where('id', '=', bidId)
    .forUpdate()
    .executeTakeFirst();
  if (!bid) return undefined;
  const offer = await db
    .selectFrom('offers')
    .select(['id', 'user_id', 'offer_price'])
    .where('bid_id', '=', bidId)
    .where('status', '=', 'accepted')
    .executeTakeFirst();
  return { bid, offer };
}

export const findDealParties = (db: Kdb, bidId: number) =>
  db
    .selectFrom('bids')
    .leftJoin('offers', (j) => j.onRef('offers.bid_id', '=', 'bids.id').on('offers.status', '=', 'accepted'))
    .select(['bids.id', 'bids.client_id', 'bids.status', 'offers.user_id as winner_id'])
    .where('bids.id', '=', bidId)
    .executeTakeFirst();

export const findUserPhone = (db: Kdb, userId: number) =>
  db.selectFrom('users').select(['phone', 'name']).where('id', '=', userId).executeTakeFirst();

/** The number a payout goes to: the member's verified phone (a profile phone nobody proved is not paid). */
export const findPayoutPhone = async (db: Kdb, userId: number): Promise<string | null> =>
  (
    await db
      .selectFrom('users')
      .select('phone')
      .where('id', '=', userId)
      .where('phone_verified', '=', true)
      .executeTakeFirst()
  )?.phone ?? null;

export const insertPayment = (
  db: Kdb,
  values: Pick<
    PaymentRow,
    'bid_id' | 'bid_title' | 'offer_id' | 'payer_id' | 'payee_id' | 'amount' | 'fee' | 'phone' | 'test_mode'
  > & { created_at: Date },
) => db.insertInto('payments').values(values).returningAll().executeTakeFirstOrThrow();

export const insertEvent = (db: Kdb, paymentId: number, status: PaymentStatus, at: Date) =>
  db.insertInto('payment_events').values({ payment_id: paymentId, status, at }).execute();

export const listEvents = (db: Kdb, paymentIds: number[]) =>
  paymentIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('payment_events')
        .select(['payment_id', 'status', 'at'])
        .where('payment_id', 'in', paymentIds)
        .orderBy('id')
        .execute();

/** The bid's latest payment (a failed one may be followed by a new one). */
export const findLatestForBid = (db: Kdb, bidId: number, lock = false) => {
  const query = db
    .selectFrom('payments')
    .selectAll()
    .where('bid_id', '=', bidId)
    .orderBy('id', 'desc')
    .limit(1);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
};

export const findLiveForBid = (db: Kdb, bidId: number) =>
  db
    .selectFrom('payments')
    .selectAll()
    .where('bid_id', '=', bidId)
    .where('status', 'not in', ['failed', 'cancelled'])
    .executeTakeFirst();

export const lockPayment = (db: Kdb, id: number) =>
  db.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const findByCheckoutId = (db: Kdb, checkoutRequestId: string) =>
  db
    .selectFrom('payments')
    .select('id')
    .where('checkout_request_id', '=', checkoutRequestId)
    .executeTakeFirst();

export const findByConversation = (db: Kdb, originatorId: string, conversationId: string) =>
  db
    .selectFrom('payments')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('originator_conversation_id', '=', originatorId),
        eb('conversation_id', '=', conversationId),
      ]),
    )
    .executeTakeFirst();

export const updatePayment = (
  db: Kdb,
  id: number,
  patch: Omit<Updateable<PaymentsTable>, 'id' | 'updated_at'>,
) =>
  db
    .updateTable('payments')
    .set({ ...patch, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Payments still pending that were started before `before`, oldest first. */
export const listPendingBefore = (db: Kdb, before: Date, limit = 50) =>
  db
    .selectFrom('payments')
    .select(['id'])
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();

/**
 * Claims a pending payment for one sweep's question to Daraja: true for exactly one of the sweeps
 * that ask within `windowMs` of each other (the others leave it to that one).
 */
export const claimPendingCheck = async (db: Kdb, id: number, at: Date, windowMs: number) =>
  (
    await db
      .updateTable('payments')
      .set({ checked_at: at })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) =>
        eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', new Date(at.getTime() - windowMs))]),
      )
      .executeTakeFirst()
  ).numUpdatedRows === 1n;

/** The sweep's queued turns (a stopped process's next one) made due now. */
export const makeSweepsDue = (db: Kdb, jobName: string) =>
  db
    .updateTable('background_jobs')
    .set({ run_at: sql`now()` })
    .where('name', '=', jobName)
    .where('state', '=', 'queued')
    .execute();

export const recordMessage = (
  db: Kdb,
  message: {
    kind: MpesaMessageKind;
    direction: 'sent' | 'answered' | 'received';
    payment_id: number | null;
    message_key: string | null;
    body: string;
  },
) => db.insertInto('mpesa_messages').values(message).returning('id').executeTakeFirstOrThrow();

/**
 * The ids of the payment's accepted STK Push as its stored answer has them (the answer
 * is stored before the payment takes the id: a process stopped between the two leaves it here).
 */
export async function findAcceptedStkPush(
  db: Kdb,
  paymentId: number,
): Promise<{ checkoutRequestId: string; merchantRequestId: string | null } | null> {
  const answers = await db
    .selectFrom('mpesa_messages')
    .select('body')
    .where('payment_id', '=', paymentId)
    .where('kind', '=', 'stk_push')
    .where('direction', '=', 'answered')
    .orderBy('id', 'desc')
    .execute();
  for (const { body } of answers) {
    try {
      const answer = JSON.parse(body) as {
        ResponseCode?: unknown;
        CheckoutRequestID?: unknown;
        MerchantRequestID?: unknown;
      };
      if (String(answer.ResponseCode) === '0' && typeof answer.CheckoutRequestID === 'string')
        return {
          checkoutRequestId: answer.CheckoutRequestID,
          merchantRequestId: typeof answer.MerchantRequestID === 'string' ? answer.MerchantRequestID : null,
        };
    } catch {
      // An answer that is not JSON (a gateway's HTML page) accepted nothing.
    }
  }
  return null;
}

export const markMessageApplied = (db: Kdb, id: number, paymentId: number) =>
  db
    .updateTable('mpesa_messages')
    .set({ applied: true, payment_id: paymentId })
    .where('id', '=', id)
    .execute();

/** Failed B2C results and timeouts received for a payout: how many retries it has had. */
export const countPayoutFailures = (db: Kdb, paymentId: number) =>
  db
    .selectFrom('mpesa_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('payment_id', '=', paymentId)
    .where('kind', 'in', ['b2c_result', 'b2c_timeout'])
    .where('applied', '=', true)
    .executeTakeFirstOrThrow();

export const hasPosting = async (db: Kdb, paymentId: number, posting: LedgerPosting) =>
  Boolean(
    await db
      .selectFrom('ledger_entries')
      .select('id')
      .where('payment_id', '=', paymentId)
      .where('posting', '=', posting)
      .executeTakeFirst(),
  );

export const insertLedgerLines = (
  db: Kdb,
  paymentId: number,
  posting: LedgerPosting,
  lines: { account: LedgerAccount; amount: number }[],
) =>
  db
    .insertInto('ledger_entries')
    .values(lines.map((line) => ({ payment_id: paymentId, posting, ...line })))
    .execute();

/** The moderators' list: newest first, keyset-paged, optionally one status. */
export function listForAdmins(db: Kdb, status: PaymentStatus | undefined, page: PageRequest) {
  let query = db
    .selectFrom('payments')
    .leftJoin('users as payer', 'payer.id', 'payments.payer_id')
    .leftJoin('users as payee', 'payee.id', 'payments.payee_id')
    .selectAll('payments')
    .select([
      'payer.username as payer_username',
      'payer.name as payer_name',
      'payee.username as payee_username',
      'payee.name as payee_name',
    ]);
  if (status) query = query.where('payments.status', '=', status);
  return keysetPage(query, { createdAt: 'payments.created_at', id: 'payments.id' }, page).execute();
}

export const findUnappliedMessages = (db: Kdb, kind: MpesaMessageKind, key: string) =>
  db
    .selectFrom('mpesa_messages')
    .select(['id', 'body'])
    .where('kind', '=', kind)
    .where('direction', '=', 'received')
    .where('message_key', '=', key)
    .where('applied', '=', false)
    .where('payment_id', 'is', null)
    .orderBy('id')
    .execute();
