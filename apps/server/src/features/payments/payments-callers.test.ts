import { describe, expect, it } from 'vitest';
import { makeDeal, usePaymentsApp } from './payments-harness';
import { SWEEP_JOB } from './payments.settlement';

// Who may call Daraja's callbacks (MPESA_ALLOWED_IPS), and the sweep a new process starts with.

const DARAJA_ADDRESS = '196.201.214.200';

describe('payments with MPESA_ALLOWED_IPS', () => {
  const t = usePaymentsApp({ MPESA_ALLOWED_IPS: `${DARAJA_ADDRESS},196.201.213.0/24` });
  const payment = async (deal: Awaited<ReturnType<typeof makeDeal>>) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/bids/${deal.bid.id}/payment`, headers: deal.owner.auth })
    ).json();

  it('refuses a callback from any other address (403, nothing applied), and applies it from Daraja’s', async () => {
    t.standIn.setStkOutcome('approve');
    const deal = await makeDeal(t);
    const before = t.standIn.delivered.length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bids/${deal.bid.id}/payment`,
      headers: deal.owner.auth,
      payload: {},
    });
    expect(res.statusCode).toBe(202);
    // The stand-in calls back from 127.0.0.1, which is not on the list.
    await t.standIn.whenDelivered(before + 1);
    const refused = t.standIn.delivered[before]!;
    expect(refused.status).toBe(403);
    expect((await payment(deal)).status).toBe('pending');

    // The same message from an allowed address (a CIDR's member too) is applied, once.
    for (const remoteAddress of [DARAJA_ADDRESS, '196.201.213.7']) {
      const again = await t.app.inject({
        method: 'POST',
        url: new URL(refused.url).pathname,
        remoteAddress,
        payload: refused.body as object,
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    }
    const held = await payment(deal);
    expect(held.status).toBe('held');
    expect(held.events.map((e: { status: string }) => e.status)).toEqual(['pending', 'held']);
  });

  it('queues the payments sweep as it starts: the next process settles what a stopped one left pending', async () => {
    // The STK query of the sweep is tested in payments.test.ts (a lost callback); here: a process
    // that runs jobs queues the sweep by itself when it starts.
    const sweeps = await t.db
      .selectFrom('background_jobs')
      .select(['name', 'state'])
      .where('name', '=', SWEEP_JOB)
      .execute();
    expect(sweeps.length).toBeGreaterThanOrEqual(1);
    expect(sweeps.every((s) => ['queued', 'running', 'done'].includes(s.state))).toBe(true);
  });
});
