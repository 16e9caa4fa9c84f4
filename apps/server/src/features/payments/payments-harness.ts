import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeBid, makeOffer, makeUser } from '../../test/factories';
import { createDarajaStandIn, type DarajaStandIn } from './daraja-stand-in';

/**
 * A test app paying through a Daraja stand-in on its own port: the app listens, and the stand-in
 * delivers its callbacks to it over HTTP. The clock is the test's: `later(ms)` moves it.
 */
export function usePaymentsApp(env: Record<string, string> = {}) {
  const shared = {} as TestApp & { url: string; standIn: DarajaStandIn; later: (ms: number) => void };
  let offset = 0;
  beforeAll(async () => {
    const standIn = createDarajaStandIn({
      deliver: async (url, body) => {
        const res = await fetch(`${shared.url}${new URL(url).pathname}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        await res.arrayBuffer();
        return res.status;
      },
    });
    const endpoint = await standIn.listen();
    const c = standIn.credentials;
    const app = await buildTestApp({
      env: {
        MPESA_URL: `daraja://${c.shortcode}?consumerKey=${c.consumerKey}&consumerSecret=${c.consumerSecret}&passkey=${c.passkey}&b2cShortcode=600000&initiator=testapi&securityCredential=c2VjcmV0&env=sandbox&endpoint=${encodeURIComponent(endpoint)}`,
        ...env,
      },
      clock: () => new Date(Date.now() + offset),
    });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    Object.assign(shared, app, {
      url: `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`,
      standIn,
      later: (ms: number) => {
        offset += ms;
      },
    });
    // Building a migrated app takes a minute on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await shared.close?.();
    await shared.standIn?.close();
  });
  return shared;
}

export const OWNER_PHONE = '+254712345678';
/** A verified phone is one member's only: each deal's winner gets a number of their own. */
let winners = 0;
const nextWinnerPhone = () => `+2547220${String(++winners).padStart(5, '0')}`;

/** An accepted deal: the owner (with a phone), the winner (with a verified phone unless told), the bid. */
export async function makeDeal(
  t: TestApp,
  opts: { price?: number; currency?: 'KES' | 'USD'; winnerPhone?: string | null } = {},
) {
  const owner = await makeUser(t, { name: 'Wanjiru Kamau' });
  const winner = await makeUser(t, { name: 'Otieno Ouma' });
  const other = await makeUser(t, { name: 'Someone Else' });
  await t.db.updateTable('users').set({ phone: OWNER_PHONE }).where('id', '=', owner.id).execute();
  const winnerPhone = opts.winnerPhone === undefined ? nextWinnerPhone() : opts.winnerPhone;
  // A payout goes to a verified phone only.
  await t.db
    .updateTable('users')
    .set({ phone: winnerPhone, phone_verified: winnerPhone !== null })
    .where('id', '=', winner.id)
    .execute();
  const bid = await makeBid(t, owner, { job_title: 'Shop signboard', max_price: 30_000, status: 'Closed' });
  if (opts.currency)
    await t.db.updateTable('bids').set({ currency: opts.currency }).where('id', '=', bid.id).execute();
  const offer = await makeOffer(t, bid, winner, { offer_price: opts.price ?? 25_000, accepted: true });
  await t.db.updateTable('offers').set({ status: 'accepted' }).where('id', '=', offer.id).execute();
  return { owner, winner, other, bid, offer, winnerPhone };
}

/** Every payment whose ledger entries do not sum to zero (the answer must be empty). */
export async function unbalancedPayments(t: TestApp) {
  const rows = await sql<{ payment_id: number; total: string }>`
    select payment_id, sum(amount) as total from ledger_entries
     group by payment_id having sum(amount) <> 0`.execute(t.db);
  return rows.rows;
}

/** Payments with money paid out (release or refund) and no confirmed pay-in. */
export async function payoutsWithoutPayIn(t: TestApp) {
  const rows = await sql<{ payment_id: number }>`
    select distinct l.payment_id from ledger_entries l
     where l.posting in ('release', 'refund')
       and not exists (select 1 from ledger_entries p where p.payment_id = l.payment_id and p.posting = 'pay_in')`.execute(
    t.db,
  );
  return rows.rows;
}

export async function balanceOf(t: TestApp, paymentId: number, account: string) {
  const row = await sql<{ total: string | null }>`
    select sum(amount) as total from ledger_entries where payment_id = ${paymentId} and account = ${account}`.execute(
    t.db,
  );
  return Number(row.rows[0]?.total ?? 0);
}

/** Makes the queue's delayed jobs due now (a retry's backoff), as time passing would. */
export async function makeJobsDue(t: TestApp) {
  await t.db
    .updateTable('background_jobs')
    .set({ run_at: sql`now()` })
    .where('state', '=', 'queued')
    .execute();
}
