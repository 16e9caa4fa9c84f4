import { PAYMENT_CANCEL_AFTER_DAYS, PAYMENT_PENDING_QUERY_MS } from '@jamii/shared';
import { describe, expect, it } from 'vitest';
import { storedNotifications } from '../../test/factories';
import {
  balanceOf,
  makeDeal,
  makeJobsDue,
  OWNER_PHONE,
  payoutsWithoutPayIn,
  unbalancedPayments,
  usePaymentsApp,
} from './payments-harness';

describe('payments (M-Pesa for deals)', () => {
  const t = usePaymentsApp({ MPESA_FEE_PERCENT: '5' });
  const call = (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  /** Pays for the deal and waits for the stand-in's callbacks to be answered. */
  async function pay(deal: Awaited<ReturnType<typeof makeDeal>>, body: object = {}) {
    const before = t.standIn.delivered.length;
    const res = await call('POST', `/api/bids/${deal.bid.id}/payment`, deal.owner.auth, body);
    return { res, settled: (n = 1) => t.standIn.whenDelivered(before + n) };
  }
  const payment = async (deal: Awaited<ReturnType<typeof makeDeal>>) =>
    (await call('GET', `/api/bids/${deal.bid.id}/payment`, deal.owner.auth)).json();
  /** Runs the queued jobs (the B2C request) and waits for the callbacks they cause. */
  async function runPayout(expectedCallbacks = 1) {
    const before = t.standIn.delivered.length;
    await t.app.background.settled();
    await t.standIn.whenDelivered(before + expectedCallbacks);
  }

  it('pays, holds, completes and releases to the winner, with a balanced ledger and both sides told', async () => {
    t.standIn.setStkOutcome('approve');
    const deal = await makeDeal(t);
    const { res, settled } = await pay(deal);
    expect(res.statusCode).toBe(202);
    expect(res.json().payment).toMatchObject({
      bid_id: deal.bid.id,
      status: 'pending',
      amount: 25_000,
      currency: 'KES',
      phone: OWNER_PHONE,
      test_mode: false,
    });
    await settled();
    const held = await payment(deal);
    expect(held.status).toBe('held');
    expect(held.mpesa_receipt).toMatch(/^[A-Z0-9]{10}$/);
    const push = [...t.standIn.stkPushes.values()].at(-1)!;
    expect(push).toMatchObject({ amount: 25_000, phone: '254712345678' });

    const complete = await call('POST', `/api/bids/${deal.bid.id}/complete`, deal.owner.auth);
    expect(complete.statusCode).toBe(200);
    expect((await payment(deal)).status).toBe('releasing');
    await runPayout();
    const released = await call('GET', `/api/bids/${deal.bid.id}/payment`, deal.winner.auth);
    expect(released.statusCode).toBe(200);
    expect(released.json()).toMatchObject({
      status: 'released',
      payout_receipt: expect.stringMatching(/^[A-Z0-9]{10}$/),
    });
    expect(released.json().events.map((e: { status: string }) => e.status)).toEqual([
      'pending',
      'held',
      'releasing',
      'released',
    ]);
    // 5% stays with the platform; the winner's phone got the rest, once.
    const paid = [...t.standIn.payouts.values()].at(-1)!;
    expect(paid).toMatchObject({ amount: 23_750, phone: deal.winnerPhone!.slice(1) });
    expect(await balanceOf(t, held.id, 'held_for_deals')).toBe(0);
    expect(await balanceOf(t, held.id, 'platform_fees')).toBe(-1250);
    expect(await balanceOf(t, held.id, 'mpesa_shortcode')).toBe(1250);
    expect(await unbalancedPayments(t)).toEqual([]);

    const ownerNotes = (await storedNotifications(t, deal.owner.id)).map((n) => n.message);
    const winnerNotes = (await storedNotifications(t, deal.winner.id)).map((n) => n.message);
    expect(ownerNotes).toContain(
      'KSh 25,000 for Shop signboard is held by Jamii until you mark the work complete',
    );
    expect(ownerNotes).toContain('KSh 25,000 for Shop signboard was released to the worker');
    expect(winnerNotes).toContain(
      'The client paid KSh 25,000 for Shop signboard: Jamii holds it until the work is marked complete',
    );
    expect(winnerNotes).toContain('KSh 23,750 for Shop signboard was sent to your M-Pesa');
  });

  it.each([
    ['cancel', 'cancelled', '1032'],
    ['wrong_pin', 'failed', '2001'],
    ['insufficient', 'failed', '1'],
    ['no_answer', 'failed', '1037'],
  ] as const)(
    'a prompt answered %s ends %s (ResultCode %s), and the owner may pay again',
    async (outcome, status, code) => {
      t.standIn.setStkOutcome(outcome);
      const deal = await makeDeal(t);
      const { res, settled } = await pay(deal);
      expect(res.statusCode).toBe(202);
      await settled();
      expect((await payment(deal)).status).toBe(status);
      const row = await t.db
        .selectFrom('payments')
        .select('result_code')
        .where('id', '=', res.json().payment.id)
        .executeTakeFirstOrThrow();
      expect(row.result_code).toBe(code);
      expect(await balanceOf(t, res.json().payment.id, 'mpesa_shortcode')).toBe(0);
      const notes = (await storedNotifications(t, deal.owner.id)).map((n) => n.message);
      expect(notes).toContain(
        'Your M-Pesa payment for Shop signboard did not go through. You can try again.',
      );
      t.standIn.setStkOutcome('approve');
      const again = await pay(deal, { phone: '0733 444 555' });
      expect(again.res.statusCode).toBe(202);
      expect(again.res.json().payment).toMatchObject({ status: 'pending', phone: '+254733444555' });
      await again.settled();
      expect((await payment(deal)).status).toBe('held');
    },
  );

  it('applies a callback delivered twice once', async () => {
    t.standIn.setStkOutcome('duplicate');
    const deal = await makeDeal(t);
    const { res, settled } = await pay(deal);
    await settled(2);
    const id = res.json().payment.id;
    expect((await payment(deal)).status).toBe('held');
    const received = await t.db
      .selectFrom('mpesa_messages')
      .select(['applied'])
      .where('payment_id', '=', id)
      .where('kind', '=', 'stk_callback')
      .execute();
    expect(received.map((r) => r.applied).sort()).toEqual([false, true]);
    const entries = await t.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('payment_id', '=', id)
      .execute();
    expect(entries).toHaveLength(2);
    expect(await balanceOf(t, id, 'mpesa_shortcode')).toBe(25_000);
  });

  it('settles a lost callback by STK query after two minutes; the late callback then changes nothing', async () => {
    t.standIn.setStkOutcome('lost');
    const deal = await makeDeal(t);
    const { res } = await pay(deal);
    const id = res.json().payment.id;
    await t.app.queue.enqueue('payments.sweep', { turn: 0 }, { singletonKey: 'turn:0' });
    await t.app.background.settled();
    expect((await payment(deal)).status).toBe('pending');
    t.later(PAYMENT_PENDING_QUERY_MS + 1000);
    await makeJobsDue(t);
    await t.app.background.settled();
    const held = await payment(deal);
    expect(held).toMatchObject({ status: 'held', mpesa_receipt: null });
    // The callback Daraja never delivered turns up late: kept, not applied, its receipt taken.
    const checkout = (
      await t.db
        .selectFrom('payments')
        .select('checkout_request_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).checkout_request_id!;
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/mpesa/stk/${tokenOf()}`,
      payload: t.standIn.stkCallbackFor(checkout)!,
    });
    expect(late.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    const after = await payment(deal);
    expect(after.status).toBe('held');
    expect(after.mpesa_receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(after.events.map((e: { status: string }) => e.status)).toEqual(['pending', 'held']);
    expect(await balanceOf(t, id, 'mpesa_shortcode')).toBe(25_000);
  });

  it('leaves a payment pending while Daraja says the prompt is still being processed', async () => {
    t.standIn.setStkOutcome('never');
    const deal = await makeDeal(t);
    await pay(deal);
    t.later(PAYMENT_PENDING_QUERY_MS + 1000);
    await t.app.queue.enqueue('payments.sweep', { turn: 0 }, { singletonKey: 'turn:0' });
    await makeJobsDue(t);
    await t.app.background.settled();
    expect((await payment(deal)).status).toBe('pending');
  });

  /**
   * A process stopped after Daraja's answer to the STK Push was stored and before the payment took
   * its CheckoutRequestID: what it leaves behind.
   */
  async function forgetCheckoutId(id: number) {
    await t.db
      .updateTable('payments')
      .set({ checkout_request_id: null, merchant_request_id: null })
      .where('id', '=', id)
      .execute();
  }
  const stkQueriesOf = (id: number) =>
    t.db
      .selectFrom('mpesa_messages')
      .select('direction')
      .where('payment_id', '=', id)
      .where('kind', '=', 'stk_query')
      .execute();

  it('settles by STK query a payment whose CheckoutRequestID only the stored answer kept', async () => {
    t.standIn.setStkOutcome('lost');
    const deal = await makeDeal(t);
    const { res } = await pay(deal);
    const id = res.json().payment.id;
    const checkout = [...t.standIn.stkPushes.values()].at(-1)!.checkoutRequestId;
    await forgetCheckoutId(id);
    t.later(PAYMENT_PENDING_QUERY_MS + 1000);
    await t.app.queue.enqueue('payments.sweep', { turn: 0 }, { singletonKey: 'turn:0' });
    await makeJobsDue(t);
    await t.app.background.settled();
    const held = await payment(deal);
    expect(held).toMatchObject({ status: 'held', mpesa_receipt: null });
    expect(held.events.map((e: { status: string }) => e.status)).toEqual(['pending', 'held']);
    const row = await t.db
      .selectFrom('payments')
      .select('checkout_request_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.checkout_request_id).toBe(checkout);
    // Asked by the id the stored answer had (each sweep turn due asks; one settles it).
    expect((await stkQueriesOf(id)).map((q) => q.direction)).toContain('answered');
    expect(await balanceOf(t, id, 'mpesa_shortcode')).toBe(25_000);
  });

  it('applies the callback that came for no known payment once the sweep finds the payment’s CheckoutRequestID', async () => {
    t.standIn.setStkOutcome('late');
    const deal = await makeDeal(t);
    const { res } = await pay(deal);
    const id = res.json().payment.id;
    const push = [...t.standIn.stkPushes.values()].at(-1)!;
    await forgetCheckoutId(id);
    const before = t.standIn.delivered.length;
    expect(t.standIn.sendHeldCallbacks()).toBe(1);
    await t.standIn.whenDelivered(before + 1);
    // Kept, for no payment yet.
    expect((await payment(deal)).status).toBe('pending');
    const kept = await t.db
      .selectFrom('mpesa_messages')
      .select(['applied', 'payment_id'])
      .where('kind', '=', 'stk_callback')
      .where('message_key', '=', push.checkoutRequestId)
      .execute();
    expect(kept).toEqual([{ applied: false, payment_id: null }]);

    t.later(PAYMENT_PENDING_QUERY_MS + 1000);
    await t.app.queue.enqueue('payments.sweep', { turn: 0 }, { singletonKey: 'turn:0' });
    await makeJobsDue(t);
    await t.app.background.settled();
    const held = await payment(deal);
    // The callback settled it, with its receipt: nothing left to ask Daraja.
    expect(held).toMatchObject({ status: 'held', mpesa_receipt: push.receipt });
    expect(held.events.map((e: { status: string }) => e.status)).toEqual(['pending', 'held']);
    expect(await stkQueriesOf(id)).toEqual([]);
    const applied = await t.db
      .selectFrom('mpesa_messages')
      .select(['applied', 'payment_id'])
      .where('kind', '=', 'stk_callback')
      .where('message_key', '=', push.checkoutRequestId)
      .execute();
    expect(applied).toEqual([{ applied: true, payment_id: id }]);
    expect(await balanceOf(t, id, 'mpesa_shortcode')).toBe(25_000);
    expect(await unbalancedPayments(t)).toEqual([]);
  });

  /** The secret path segment the app gave Daraja, read from the stand-in's delivered callbacks. */
  function tokenOf() {
    const url = t.standIn.delivered.find((d) => d.url.includes('/api/mpesa/stk/'))!.url;
    return url.split('/').at(-1)!;
  }

  it('answers 404 to a callback on a wrong secret, and stores nothing', async () => {
    const before = await t.db
      .selectFrom('mpesa_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const path of ['stk', 'b2c/result', 'b2c/timeout']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/mpesa/${path}/not-the-token`,
        payload: { Body: {} },
      });
      expect(res.statusCode).toBe(404);
    }
    const after = await t.db
      .selectFrom('mpesa_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('lets the owner and the winner read the payment, admins too, nobody else; only the owner pays', async () => {
    t.standIn.setStkOutcome('approve');
    const deal = await makeDeal(t);
    const url = `/api/bids/${deal.bid.id}/payment`;
    expect((await call('GET', url, deal.owner.auth)).statusCode).toBe(404);
    expect((await call('POST', url, deal.winner.auth)).statusCode).toBe(403);
    expect((await call('POST', url, deal.other.auth)).statusCode).toBe(403);
    expect((await call('POST', url)).statusCode).toBe(401);
    const { settled } = await pay(deal);
    await settled();
    const { makeUser } = await import('../../test/factories');
    const admin = await makeUser(t, { role: 'admin' });
    expect((await call('GET', url, deal.owner.auth)).statusCode).toBe(200);
    expect((await call('GET', url, deal.winner.auth)).statusCode).toBe(200);
    expect((await call('GET', url, admin.auth)).statusCode).toBe(200);
    expect((await call('GET', url, deal.other.auth)).statusCode).toBe(404);
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('POST', `${url}/dispute`, deal.other.auth, { reason: 'x' })).statusCode).toBe(404);
    expect((await call('POST', `${url}/cancel`, deal.other.auth)).statusCode).toBe(404);
    const id = (await payment(deal)).id;
    expect((await call('POST', `/api/admin/payments/${id}/release`, deal.owner.auth)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/payments', deal.owner.auth)).statusCode).toBe(403);
    // A second pay once held: 409.
    const again = await call('POST', url, deal.owner.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PAYMENT_EXISTS');
  });

  it('takes Kenya shillings only, after an accept only', async () => {
    const usd = await makeDeal(t, { currency: 'USD' });
    const res = await call('POST', `/api/bids/${usd.bid.id}/payment`, usd.owner.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PAYMENT_CURRENCY',
      message: 'Only deals in Kenya shillings can be paid with M-Pesa',
    });
    const open = await makeDeal(t);
    await t.db.updateTable('bids').set({ status: 'Open' }).where('id', '=', open.bid.id).execute();
    await t.db
      .updateTable('offers')
      .set({ status: 'pending', accepted: false })
      .where('id', '=', open.offer.id)
      .execute();
    expect((await call('POST', `/api/bids/${open.bid.id}/payment`, open.owner.auth)).json().code).toBe(
      'BID_NOT_ACCEPTED',
    );
    const bad = await call('POST', `/api/bids/${usd.bid.id}/payment`, usd.owner.auth, { phone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.phone).toBe('*Enter a Kenyan phone number, e.g. 0712 345 678');
  });

  it('releases nothing that was not confirmed paid', async () => {
    t.standIn.setStkOutcome('never');
    const deal = await makeDeal(t);
    const { res } = await pay(deal);
    const id = res.json().payment.id;
    expect((await call('POST', `/api/bids/${deal.bid.id}/complete`, deal.owner.auth)).statusCode).toBe(200);
    await t.app.background.settled();
    expect((await payment(deal)).status).toBe('pending');
    const { makeUser } = await import('../../test/factories');
    const admin = await makeUser(t, { role: 'admin' });
    const release = await call('POST', `/api/admin/payments/${id}/release`, admin.auth);
    expect(release.statusCode).toBe(409);
    expect(release.json().code).toBe('PAYMENT_STATE');
    expect(await payoutsWithoutPayIn(t)).toEqual([]);
    expect(
      await t.db.selectFrom('ledger_entries').select('id').where('payment_id', '=', id).execute(),
    ).toEqual([]);
  });

  it('refunds on cancel only with the winner’s agreement or after 7 days without delivery', async () => {
    t.standIn.setStkOutcome('approve');
    const first = await makeDeal(t);
    await (await pay(first)).settled();
    const url = `/api/bids/${first.bid.id}/payment/cancel`;
    const early = await call('POST', url, first.owner.auth);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'The other side must agree, or 7 days must pass without delivery, before you cancel',
    );
    const agreed = await call('POST', url, first.winner.auth);
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json()).toMatchObject({ status: 'held', winner_agreed_cancel: true });
    const cancelled = await call('POST', url, first.owner.auth);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('refunding');
    await runPayout();
    const refunded = await payment(first);
    expect(refunded.status).toBe('refunded');
    expect([...t.standIn.payouts.values()].at(-1)).toMatchObject({
      amount: 25_000,
      phone: OWNER_PHONE.slice(1),
    });
    expect(await balanceOf(t, refunded.id, 'held_for_deals')).toBe(0);
    expect(await balanceOf(t, refunded.id, 'mpesa_shortcode')).toBe(0);

    const second = await makeDeal(t);
    await (await pay(second)).settled();
    const secondUrl = `/api/bids/${second.bid.id}/payment/cancel`;
    t.later((PAYMENT_CANCEL_AFTER_DAYS - 1) * 86_400_000);
    expect((await call('POST', secondUrl, second.owner.auth)).statusCode).toBe(409);
    t.later(86_400_000 + 1000);
    expect((await call('POST', secondUrl, second.owner.auth)).json().status).toBe('refunding');
    await runPayout();
    expect((await payment(second)).status).toBe('refunded');
    // Completed deals are not cancelled.
    expect((await call('POST', secondUrl, second.owner.auth)).statusCode).toBe(409);
  });

  it('retries a failed B2C with the same OriginatorConversationID and pays once', async () => {
    t.standIn.setStkOutcome('approve');
    t.standIn.queueB2cOutcomes('fail', 'timeout');
    const deal = await makeDeal(t);
    const { res, settled } = await pay(deal);
    await settled();
    const id = res.json().payment.id;
    await call('POST', `/api/bids/${deal.bid.id}/complete`, deal.owner.auth);
    await runPayout(); // fails
    expect((await payment(deal)).status).toBe('releasing');
    await makeJobsDue(t);
    await runPayout(); // times out
    await makeJobsDue(t);
    await runPayout(); // pays
    expect((await payment(deal)).status).toBe('released');
    const sent = await t.db
      .selectFrom('mpesa_messages')
      .select('message_key')
      .where('payment_id', '=', id)
      .where('kind', '=', 'b2c')
      .where('direction', '=', 'sent')
      .execute();
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.message_key)).size).toBe(1);
    expect(t.standIn.payouts.has(sent[0]!.message_key!)).toBe(true);
    expect(await balanceOf(t, id, 'held_for_deals')).toBe(0);
  });

  it('puts a dispute in the moderators’ queue, where an admin refunds it', async () => {
    t.standIn.setStkOutcome('approve');
    const deal = await makeDeal(t);
    const { res, settled } = await pay(deal);
    await settled();
    const id = res.json().payment.id;
    const disputed = await call('POST', `/api/bids/${deal.bid.id}/payment/dispute`, deal.winner.auth, {
      reason: 'The client stopped answering',
    });
    expect(disputed.statusCode).toBe(200);
    expect(disputed.json()).toMatchObject({
      status: 'disputed',
      dispute_reason: 'The client stopped answering',
    });
    // Completing the bid does not release disputed money.
    await call('POST', `/api/bids/${deal.bid.id}/complete`, deal.owner.auth);
    expect((await payment(deal)).status).toBe('disputed');
    const { makeUser } = await import('../../test/factories');
    const admin = await makeUser(t, { role: 'admin' });
    const queue = await call('GET', '/api/admin/payments?status=disputed', admin.auth);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().map((p: { id: number }) => p.id)).toContain(id);
    const refund = await call('POST', `/api/admin/payments/${id}/refund`, admin.auth);
    expect(refund.json().status).toBe('refunding');
    // The decision is an admin action: in the audit log, with the dispute's reason as its note.
    const audit = (await call('GET', '/api/admin/audit?limit=5', admin.auth)).json();
    expect(audit[0]).toMatchObject({
      action: 'payment_refund',
      target_type: 'payment',
      target_id: id,
      note: 'The client stopped answering',
    });
    await runPayout();
    expect((await payment(deal)).status).toBe('refunded');
    const ownerNotes = (await storedNotifications(t, deal.owner.id)).map((n) => n.message);
    expect(ownerNotes).toContain(
      'Otieno Ouma disputed the payment for Shop signboard: our moderators will decide',
    );
  });

  it('sends one STK Push for 50 taps on Pay at once', async () => {
    t.standIn.setStkOutcome('never');
    const deal = await makeDeal(t);
    const before = t.standIn.stkPushes.size;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', `/api/bids/${deal.bid.id}/payment`, deal.owner.auth)),
    );
    expect(answers.map((a) => a.statusCode).every((s) => s === 202)).toBe(true);
    expect(new Set(answers.map((a) => a.json().payment.id)).size).toBe(1);
    expect(t.standIn.stkPushes.size).toBe(before + 1);
  });

  it('keeps the ledger append-only and every payment balanced', async () => {
    await expect(t.db.updateTable('ledger_entries').set({ amount: 1 }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.deleteFrom('ledger_entries').execute()).rejects.toThrow(/append-only/);
    expect(await unbalancedPayments(t)).toEqual([]);
    expect(await payoutsWithoutPayIn(t)).toEqual([]);
  });
});
