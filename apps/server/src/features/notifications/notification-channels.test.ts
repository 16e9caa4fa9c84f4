import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAfricasTalkingStandIn, type AfricasTalkingStandIn } from '../../test/africastalking-stand-in';
import { makeBid, makeOffer, makeUser } from '../../test/factories';
import { startLocalPushService } from '../../test/local-push-service';
import { startLocalSmtpServer } from '../../test/local-smtp-server';
import { injectCaller, useTestApp } from '../../test/use-test-app';

// One accepted offer, every channel outside the app at once: a real push service, a real SMTP server
// and the Africa's Talking stand-in, all on loopback. The clock stands at 09:00 in Nairobi (no quiet
// hours) and does not move: what arrives, arrives within the minute of the accept.

let push: Awaited<ReturnType<typeof startLocalPushService>>;
let smtp: Awaited<ReturnType<typeof startLocalSmtpServer>>;
let at: AfricasTalkingStandIn;
beforeAll(async () => {
  [push, smtp, at] = await Promise.all([
    startLocalPushService(),
    startLocalSmtpServer(),
    startAfricasTalkingStandIn(),
  ]);
});
afterAll(() => Promise.all([push.close(), smtp.close(), at.stop()]));

const now = new Date('2026-03-02T06:00:00Z');
const t = useTestApp({
  env: {
    PUSH_INSECURE_ENDPOINTS: 'on',
    get SMTP_URL() {
      return smtp.url;
    },
    get SMS_URL() {
      return at.smsUrl;
    },
  },
  clock: () => now,
});
const call = injectCaller(t);

let serial = 0;
/** A member with a verified email and phone and one browser subscribed to the push service. */
async function reachableMember() {
  const member = await makeUser(t, { name: 'Achieng Otieno' });
  const phone = `+2547${String(31_000_000 + ++serial * 6_113).slice(-8)}`;
  await t.db
    .updateTable('users')
    .set({ email_verified: true, phone, phone_verified: true })
    .where('id', '=', member.id)
    .execute();
  const key = (await call('GET', '/api/push/key')).json().public_key as string;
  const device = await push.subscribe(key);
  const saved = await call('POST', '/api/push/subscriptions', member.auth, {
    endpoint: device.endpoint,
    keys: device.keys,
  });
  expect(saved.statusCode).toBe(201);
  return { ...member, phone, device };
}

async function acceptOfferOf(bidder: { id: number; auth: Record<string, string> }, title: string) {
  const client = await makeUser(t);
  const bid = await makeBid(t, client, { job_title: title });
  const offer = await makeOffer(t, bid, bidder as never);
  const res = await call('PUT', `/api/bids/offer/accept/${offer.id}`, client.auth);
  expect(res.statusCode).toBe(200);
  await t.app.background.settled();
}

const received = (member: Awaited<ReturnType<typeof reachableMember>>) => ({
  push: push.received(member.device.clientHash).map((m) => (JSON.parse(m) as { body: string }).body),
  email: smtp.received
    .filter((m) => m.to.includes(member.email))
    .map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]),
  sms: at.messages.filter((m) => m.to === member.phone).map((m) => m.message),
});

describe('an accepted offer outside the app', () => {
  it('reaches a member with push, email and SMS on by all three, once each', async () => {
    const bidder = await reachableMember();
    const prefs = await call('PUT', '/api/notifications/preferences', bidder.auth, {
      offers: { push: true, email: true, sms: true },
    });
    expect(prefs.statusCode).toBe(200);

    await acceptOfferOf(bidder, 'Fix a borehole pump');

    const got = received(bidder);
    expect(got.push).toEqual(['Your offer on Fix a borehole pump was accepted']);
    expect(got.email).toEqual(['Your offer on Fix a borehole pump was accepted']);
    expect(got.sms).toHaveLength(1);
    expect(got.sms[0]).toContain('Your offer on Fix a borehole pump was accepted');
    const log = await t.db
      .selectFrom('notification_deliveries')
      .select(['channel', 'state'])
      .where('user_id', '=', bidder.id)
      .orderBy('channel')
      .execute();
    expect(log).toEqual([
      { channel: 'email', state: 'sent' },
      { channel: 'push', state: 'sent' },
      { channel: 'sms', state: 'sent' },
    ]);

    // The queue run again sends nothing twice.
    await t.app.background.settled();
    expect(received(bidder)).toEqual(got);
  });

  it('reaches a member with push, email and SMS off by none of them, only in the app', async () => {
    const bidder = await reachableMember();
    const prefs = await call('PUT', '/api/notifications/preferences', bidder.auth, {
      offers: { push: false, email: false, sms: false },
    });
    expect(prefs.statusCode).toBe(200);

    await acceptOfferOf(bidder, 'Tile a kitchen floor');

    expect(received(bidder)).toEqual({ push: [], email: [], sms: [] });
    const inApp = (await call('GET', `/api/notifications/${bidder.id}`, bidder.auth)).json() as {
      message: string;
    }[];
    expect(inApp.map((n) => n.message)).toContain('Your offer on Tile a kitchen floor was accepted');
    const log = await t.db
      .selectFrom('notification_deliveries')
      .select('channel')
      .where('user_id', '=', bidder.id)
      .execute();
    expect(log).toEqual([]);
  });
});
