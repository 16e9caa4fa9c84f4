import { describe, expect, it } from 'vitest';
import { makeBid, makeOffer, makeUser } from '../../test/factories';
import {
  reachableMember,
  receivedBy,
  useOutsideChannels,
  type ReachableMember,
} from '../../test/outside-channels';
import { injectCaller, useTestApp } from '../../test/use-test-app';

// One accepted offer, every channel outside the app at once: a real push service, a real SMTP server
// and the Africa's Talking stand-in, all on loopback. The clock stands at 09:00 in Nairobi (no quiet
// hours) and does not move: what arrives, arrives within the minute of the accept.

const { channels, env } = useOutsideChannels();
const t = useTestApp({ env, clock: () => new Date('2026-03-02T06:00:00Z') });
const call = injectCaller(t);
const reachable = () => reachableMember(t, channels);

async function acceptOfferOf(bidder: { id: number; auth: Record<string, string> }, title: string) {
  const client = await makeUser(t);
  const bid = await makeBid(t, client, { job_title: title });
  const offer = await makeOffer(t, bid, bidder as never);
  const res = await call('PUT', `/api/bids/offer/accept/${offer.id}`, client.auth);
  expect(res.statusCode).toBe(200);
  await t.app.background.settled();
}

/** What the member received, an email by its subject. */
const received = (member: ReachableMember) => {
  const got = receivedBy(channels, member);
  return { ...got, email: got.email.map((raw) => /^Subject: (.*)$/m.exec(raw)?.[1]) };
};

describe('an accepted offer outside the app', () => {
  it('reaches a member with push, email and SMS on by all three, once each', async () => {
    const bidder = await reachable();
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
    const bidder = await reachable();
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
