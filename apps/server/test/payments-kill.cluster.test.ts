import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDarajaStandIn, type DarajaStandIn } from '../src/features/payments/daraja-stand-in';
import { SWEEP_JOB } from '../src/features/payments/payments.settlement';
import { createPostgresDatabase, startServerProcess, type ServerProcess } from '../src/test/server-process';

// docs/features/payments.md#how-money-is-kept: a server killed with SIGKILL between the STK Push and
// its callback. The Daraja stand-in runs here, in the test, and holds the callback back (the `late`
// outcome), so the kill certainly lands after Daraja took the push and before it called back; a new
// server process on the same database then settles the payment by STK query, once. The pending
// delay is shortened (PAYMENT_PENDING_QUERY_MS) so that nothing waits two minutes; every wait polls
// what a member or the database shows, up to a deadline.

const PASSWORD = 'Tuko-Pamoja-2024!';
const PAYER_PHONE = '+254712345678';
const PRICE = 25_000;
const PENDING_QUERY_MS = 3_000;

/** Polls `probe` until it answers something, or fails naming `what` after `timeoutMs`. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface Payment {
  id: number;
  status: string;
  amount: number;
  mpesa_receipt: string | null;
  events: { status: string }[];
}

describe('a server killed between the STK Push and its callback', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let db: pg.Client | undefined;
  let standIn: DarajaStandIn | undefined;
  let env: Record<string, string>;
  /** The server process answering now (or the one just killed, whose address refuses). */
  let server: ServerProcess | undefined;
  let members = 0;

  beforeAll(async () => {
    // Callbacks go to whichever server is the current one: each process has a port of its own, and
    // PUBLIC_URL (in the callback address) names none of them.
    standIn = createDarajaStandIn({
      deliver: async (url, body) => {
        const res = await fetch(`${server!.url}${new URL(url).pathname}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        return res.status;
      },
    });
    const [endpoint, created] = await Promise.all([
      standIn.listen(),
      createPostgresDatabase(`jamii_payments_kill_${process.pid}`),
    ]);
    database = created;
    const c = standIn.credentials;
    env = {
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL!,
      JWT_SECRET: 'payments-kill-secret-shared-by-every-process',
      MPESA_URL: `daraja://${c.shortcode}?consumerKey=${c.consumerKey}&consumerSecret=${c.consumerSecret}&passkey=${c.passkey}&b2cShortcode=600000&initiator=testapi&securityCredential=c2VjcmV0&env=sandbox&endpoint=${encodeURIComponent(endpoint)}`,
      PAYMENT_PENDING_QUERY_MS: String(PENDING_QUERY_MS),
      // A sweep the killed process was running is taken again within seconds, not a minute.
      JOB_LEASE_SECONDS: '5',
    };
    // The first process migrates the database.
    server = await startServerProcess(env, { startTimeoutMs: 60_000 });
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await db?.end();
    await standIn?.close();
    await database?.drop();
  }, 30_000);

  const api = async (method: string, path: string, token?: string, body?: object) => {
    const res = await fetch(`${server!.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  async function member(name: string) {
    const username = `kill_member_${++members}`;
    const signup = await api('POST', '/api/signup', undefined, {
      username,
      name,
      email: `${username}@cluster.co.ke`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    const login = await api('POST', '/api/login', undefined, { username, password: PASSWORD });
    expect(login.status).toBe(200);
    return login.body.token as string;
  }

  /** A bid in shillings whose owner accepted an offer of KSh 25,000: what the owner pays for. */
  async function acceptedDeal() {
    const owner = await member('Wanjiru Kamau');
    const winner = await member('Otieno Ouma');
    const bid = await api('POST', '/api/bids', owner, { job_title: 'Shop signboard', max_price: 30_000 });
    expect(bid.status).toBe(201);
    const bidId = bid.body.id as number;
    const offer = await api('POST', '/api/bids/offer', winner, {
      bid_id: bidId,
      offer_price: PRICE,
      message: 'Painted and fitted in a week',
    });
    expect(offer.status).toBe(201);
    const offerId = (offer.body.offer as { id: number }).id;
    expect((await api('PUT', `/api/bids/offer/accept/${offerId}`, owner)).status).toBe(200);
    return { owner, bidId };
  }

  /** The owner pays: 202 pending, and the STK Push has reached the stand-in. */
  async function pay(deal: { owner: string; bidId: number }) {
    const pushes = standIn!.stkPushes.size;
    const res = await api('POST', `/api/bids/${deal.bidId}/payment`, deal.owner, { phone: PAYER_PHONE });
    expect(res.status).toBe(202);
    const payment = res.body.payment as Payment;
    expect(payment).toMatchObject({ status: 'pending', amount: PRICE, phone: PAYER_PHONE });
    expect(standIn!.stkPushes.size).toBe(pushes + 1);
    const push = [...standIn!.stkPushes.values()].at(-1)!;
    expect(push).toMatchObject({ outcome: 'late', amount: PRICE, phone: '254712345678' });
    return { payment, push };
  }

  async function kill() {
    server!.child.kill('SIGKILL');
    expect(await server!.stop()).toBe('SIGKILL');
  }

  const readPayment = async (deal: { owner: string; bidId: number }) => {
    const res = await api('GET', `/api/bids/${deal.bidId}/payment`, deal.owner);
    expect(res.status).toBe(200);
    return res.body as unknown as Payment;
  };

  const settled = (deal: { owner: string; bidId: number }) =>
    until('the payment to leave pending', async () => {
      const payment = await readPayment(deal);
      return payment.status === 'pending' ? undefined : payment;
    });

  const rows = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await db!.query<T>(text, values)).rows;

  /** The payment's row and what Daraja was asked and told about it, read straight from the database. */
  async function stored(paymentId: number) {
    const [payment] = await rows<{ status: string; checkout_request_id: string | null }>(
      'select status, checkout_request_id from payments where id = $1',
      [paymentId],
    );
    const queries = await rows<{ direction: string; body: string }>(
      `select direction, body from mpesa_messages where payment_id = $1 and kind = 'stk_query' order by id`,
      [paymentId],
    );
    return { payment: payment!, queries };
  }

  /** The ledger invariants: every payment's lines sum to zero; this one has one pay-in, nothing out. */
  async function expectLedgerHeld(paymentId: number) {
    const unbalanced = await rows(
      'select payment_id from ledger_entries group by payment_id having sum(amount) <> 0',
    );
    expect(unbalanced).toEqual([]);
    const payoutsWithoutPayIn = await rows(
      `select distinct l.payment_id from ledger_entries l
        where l.posting in ('release', 'refund')
          and not exists (select 1 from ledger_entries p where p.payment_id = l.payment_id and p.posting = 'pay_in')`,
    );
    expect(payoutsWithoutPayIn).toEqual([]);
    const lines = await rows<{ posting: string; account: string; amount: string }>(
      'select posting, account, amount from ledger_entries where payment_id = $1 order by account',
      [paymentId],
    );
    expect(lines.map((l) => ({ ...l, amount: Number(l.amount) }))).toEqual([
      { posting: 'pay_in', account: 'held_for_deals', amount: -PRICE },
      { posting: 'pay_in', account: 'mpesa_shortcode', amount: PRICE },
    ]);
  }

  it('settles the payment by STK query on restart, once; the callback arriving after is applied zero times', async () => {
    standIn!.setStkOutcome('late');
    const deal = await acceptedDeal();
    const { payment, push } = await pay(deal);
    await kill();

    // Killed before anything settled it: pending, its CheckoutRequestID kept, Daraja not yet asked.
    const before = await stored(payment.id);
    expect(before.payment).toEqual({ status: 'pending', checkout_request_id: push.checkoutRequestId });
    expect(before.queries).toEqual([]);

    server = await startServerProcess(env, { startTimeoutMs: 60_000 });
    const held = await settled(deal);
    // STK query answers the result and no receipt (Daraja's protocol): the callback brings that.
    expect(held).toMatchObject({ id: payment.id, status: 'held', mpesa_receipt: null });
    expect(held.events.map((e) => e.status)).toEqual(['pending', 'held']);
    const after = await stored(payment.id);
    expect(after.payment.status).toBe('held');
    const answered = after.queries.filter((q) => q.direction === 'answered');
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(answered.at(-1)!.body)).toMatchObject({
      CheckoutRequestID: push.checkoutRequestId,
      ResultCode: '0',
    });
    await expectLedgerHeld(payment.id);

    // Daraja's callback turns up now, after the query settled the payment: accepted and kept, applied
    // zero times (no second held, no second pay-in); only the receipt the query could not give is taken.
    const delivered = standIn!.delivered.length;
    expect(standIn!.sendHeldCallbacks()).toBe(1);
    await standIn!.whenDelivered(delivered + 1);
    expect(standIn!.delivered.at(-1)!.status).toBe(200);
    const late = await readPayment(deal);
    expect(late).toMatchObject({ status: 'held', mpesa_receipt: push.receipt });
    expect(late.events.map((e) => e.status)).toEqual(['pending', 'held']);
    const callbacks = await rows<{ applied: boolean; payment_id: number }>(
      `select applied, payment_id from mpesa_messages
        where kind = 'stk_callback' and direction = 'received' and message_key = $1`,
      [push.checkoutRequestId],
    );
    expect(callbacks).toEqual([{ applied: false, payment_id: payment.id }]);
    await expectLedgerHeld(payment.id);
  }, 180_000);

  it('loses the callback sent while the server is dead; the next process settles the payment by STK query at once', async () => {
    standIn!.setStkOutcome('late');
    const deal = await acceptedDeal();
    const { payment, push } = await pay(deal);
    await kill();

    // Daraja calls back while nothing listens: the delivery fails, and Daraja does not send it again.
    const delivered = standIn!.delivered.length;
    expect(standIn!.sendHeldCallbacks()).toBe(1);
    await standIn!.whenDelivered(delivered + 1);
    expect(standIn!.delivered.at(-1)!.status).toBe('error');
    expect((await stored(payment.id)).payment.status).toBe('pending');
    // The killed process had queued the sweep's next turn for later (an hour here, 30 s in
    // production): the new process's own first turn, under the same key, is then not queued, and the
    // payment is settled as soon as it is due only if the start makes that turn due.
    await db!.query(`delete from background_jobs where name = $1`, [SWEEP_JOB]);
    await db!.query(
      `insert into background_jobs (name, payload, singleton_key, max_attempts, run_at)
       values ($1, '{"turn":0}', 'turn:0', 5, now() + interval '1 hour')`,
      [SWEEP_JOB],
    );

    server = await startServerProcess(env, { startTimeoutMs: 60_000 });
    const held = await settled(deal);
    expect(held).toMatchObject({ id: payment.id, status: 'held', mpesa_receipt: null });
    expect(held.events.map((e) => e.status)).toEqual(['pending', 'held']);
    const callbacks = await rows(
      `select id from mpesa_messages where kind = 'stk_callback' and message_key = $1`,
      [push.checkoutRequestId],
    );
    expect(callbacks).toEqual([]);
    await expectLedgerHeld(payment.id);
  }, 180_000);
});
