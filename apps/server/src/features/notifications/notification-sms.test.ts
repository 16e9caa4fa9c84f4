import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAfricasTalkingStandIn, type AfricasTalkingStandIn } from '../../test/africastalking-stand-in';
import { makeBid, makeOffer, makeUser } from '../../test/factories';
import { injectCaller, useTestApp, type SharedTestApp } from '../../test/use-test-app';

// Notification SMS through the Africa's Talking stand-in, on a clock the tests move: 09:00 in
// Nairobi (06:00 UTC) unless a test says otherwise.

let at: AfricasTalkingStandIn;
let time = new Date('2026-03-02T06:00:00Z');
beforeAll(async () => {
  at = await startAfricasTalkingStandIn();
});
const t: SharedTestApp = useTestApp({
  env: {
    get SMS_URL() {
      return at.smsUrl;
    },
  },
  clock: () => time,
});
afterAll(() => at.stop());
const call = injectCaller(t);

let serial = 0;
/** A member with a verified number and, unless told, SMS on for every category. */
async function smsMember(opts: { smsOn?: boolean } = {}) {
  const member = await makeUser(t);
  const phone = `+2547${String(20_000_000 + ++serial * 7_919).slice(-8)}`;
  await t.db.updateTable('users').set({ phone, phone_verified: true }).where('id', '=', member.id).execute();
  if (opts.smsOn ?? true) {
    const res = await call('PUT', '/api/notifications/preferences', member.auth, {
      offers: { sms: true },
      messages: { sms: true },
    });
    expect(res.statusCode).toBe(200);
  }
  return { ...member, phone };
}

async function acceptOfferOf(bidder: Awaited<ReturnType<typeof smsMember>>, title: string) {
  const client = await makeUser(t);
  const bid = await makeBid(t, client, { job_title: title });
  const offer = await makeOffer(t, bid, bidder as never);
  const res = await call('PUT', `/api/bids/offer/accept/${offer.id}`, client.auth);
  expect(res.statusCode).toBe(200);
  await t.app.background.settled();
}

const smsTo = (phone: string) => at.messages.filter((m) => m.to === phone).map((m) => m.message);

const deliveriesOf = (userId: number) =>
  t.db
    .selectFrom('notification_deliveries')
    .select(['state', 'error', 'provider_id', 'conversation_id'])
    .where('user_id', '=', userId)
    .where('channel', '=', 'sms')
    .orderBy('id')
    .execute();

const inbound = (from: string, text: string, id = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sms/inbound',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ from, to: '5566', text, date: '2026-03-02 09:00:00', id }).toString(),
  });

describe('notification SMS', () => {
  it('sends an accepted offer by SMS, ending with how to stop, and logs the provider id', async () => {
    const bidder = await smsMember();
    await acceptOfferOf(bidder, 'Paint a duka sign');
    expect(smsTo(bidder.phone)).toEqual(['Your offer on Paint a duka sign was accepted STOP to end']);
    const [delivery] = await deliveriesOf(bidder.id);
    expect(delivery).toMatchObject({ state: 'sent', error: null });
    expect(delivery!.provider_id).toBe(at.messages.find((m) => m.to === bidder.phone)!.messageId);
  });

  it('sends at most three a Nairobi day, and holds one sent in the quiet hours until 07:00', async () => {
    const bidder = await smsMember();
    for (const title of ['Fence A', 'Fence B', 'Fence C', 'Fence D']) await acceptOfferOf(bidder, title);
    expect(smsTo(bidder.phone)).toHaveLength(3);
    const log = await deliveriesOf(bidder.id);
    expect(log.map((d) => d.state)).toEqual(['sent', 'sent', 'sent', 'failed']);
    expect(log[3]!.error).toBe('over 3 SMS today');

    // 00:30 the next day in Nairobi (21:30 UTC) is quiet: the SMS waits for 07:00.
    time = new Date('2026-03-02T21:30:00Z');
    await acceptOfferOf(bidder, 'Fence E');
    expect(smsTo(bidder.phone)).toHaveLength(3);
    const waiting = await t.db
      .selectFrom('background_jobs')
      .select(['id', 'run_at'])
      .where('name', '=', 'notifications.sms')
      .where('state', '=', 'queued')
      .execute();
    expect(waiting).toHaveLength(1);
    // Its delay runs to 07:00 Nairobi (04:00 UTC), six and a half hours on.
    const delayHours = (waiting[0]!.run_at.getTime() - Date.now()) / 3600_000;
    expect(delayHours).toBeGreaterThan(6.4);
    expect(delayHours).toBeLessThanOrEqual(6.5);

    time = new Date('2026-03-03T04:05:00Z');
    await t.db
      .updateTable('background_jobs')
      .set({ run_at: new Date() })
      .where('id', '=', waiting[0]!.id)
      .execute();
    await t.app.background.settled();
    await at.waitForMessages(at.messages.length);
    expect(smsTo(bidder.phone).at(-1)).toBe('Your offer on Fence E was accepted STOP to end');
    time = new Date('2026-03-02T06:00:00Z');
  });

  it('sends nothing with SMS off (the default), after STOP, or to a number not verified', async () => {
    const quiet = await smsMember({ smsOn: false });
    await acceptOfferOf(quiet, 'Roof repair');
    const stopped = await smsMember();
    expect((await inbound(stopped.phone, 'stop')).statusCode).toBe(204);
    await acceptOfferOf(stopped, 'Roof repair');
    const unverified = await smsMember();
    await t.db.updateTable('users').set({ phone_verified: false }).where('id', '=', unverified.id).execute();
    await acceptOfferOf(unverified, 'Roof repair');
    expect(smsTo(quiet.phone)).toEqual([]);
    // Only STOP's own confirmation (every SMS ends with the stop words).
    expect(smsTo(stopped.phone)).toEqual([
      'You will get no more SMS from Jamii. Send START to get them again. STOP to end',
    ]);
    expect(smsTo(unverified.phone)).toEqual([]);
    expect(await deliveriesOf(quiet.id)).toEqual([]);
  });

  it('posts a reply to a message SMS in its conversation, once per gateway id', async () => {
    const sender = await makeUser(t, { name: 'Baraka Mwangi' });
    const member = await smsMember();
    const conversation = (
      await call('POST', '/api/conversations', sender.auth, { username: member.username })
    ).json();
    const sent = await call('POST', `/api/conversations/${conversation.id}/messages`, sender.auth, {
      body: 'Can you start on Monday?',
    });
    expect(sent.statusCode).toBe(201);
    await t.app.background.settled();
    expect(smsTo(member.phone)).toEqual([
      'New message from Baraka Mwangi Reply to this SMS to answer. STOP to end',
    ]);
    expect((await deliveriesOf(member.id))[0]!.conversation_id).toBe(conversation.id);

    const gatewayId = randomUUID();
    expect((await inbound(member.phone, 'Yes, Monday 8am works', gatewayId)).statusCode).toBe(204);
    expect((await inbound(member.phone, 'Yes, Monday 8am works', gatewayId)).statusCode).toBe(204);
    const thread = (await call('GET', `/api/conversations/${conversation.id}/messages`, sender.auth)).json();
    const bodies = thread.map((m: { body: string }) => m.body);
    expect(bodies.filter((b: string) => b === 'Yes, Monday 8am works')).toHaveLength(1);
  });

  it('sends a reply nowhere when the newest SMS was not about a message, or from a number that is no member', async () => {
    const sender = await makeUser(t);
    const member = await smsMember();
    const conversation = (
      await call('POST', '/api/conversations', sender.auth, { username: member.username })
    ).json();
    await call('POST', `/api/conversations/${conversation.id}/messages`, sender.auth, { body: 'Hello' });
    await t.app.background.settled();
    await acceptOfferOf(member, 'Garden wall');
    expect(smsTo(member.phone)).toHaveLength(2);
    expect((await inbound(member.phone, 'Thanks!')).statusCode).toBe(204);
    expect((await inbound('+254799777666', 'Hello Jamii')).statusCode).toBe(204);
    const thread = (await call('GET', `/api/conversations/${conversation.id}/messages`, sender.auth)).json();
    expect(thread.map((m: { body: string }) => m.body)).toEqual(['Hello']);
  });
});
