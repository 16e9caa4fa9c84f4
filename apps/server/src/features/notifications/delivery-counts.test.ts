import type { DeliveryCounts } from '@jamii/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAfricasTalkingStandIn, type AfricasTalkingStandIn } from '../../test/africastalking-stand-in';
import { makeBid, makeOffer, makeUser } from '../../test/factories';
import { injectCaller, useTestApp, type SharedTestApp } from '../../test/use-test-app';

// The admins' delivery counts, from deliveries the product really made: offers accepted, told by
// SMS through the Africa's Talking stand-in (three a day, the fourth refused), on a clock at 09:00
// in Nairobi so no SMS waits for the morning.

let at: AfricasTalkingStandIn;
beforeAll(async () => {
  at = await startAfricasTalkingStandIn();
});
const t: SharedTestApp = useTestApp({
  env: {
    get SMS_URL() {
      return at.smsUrl;
    },
  },
  clock: () => new Date('2026-03-02T06:00:00Z'),
});
afterAll(() => at.stop());
const call = injectCaller(t);

const URL = '/api/admin/notification-deliveries';

/** Ages a delivery: it was queued `hours` ago. */
const queuedHoursAgo = (id: number, hours: number) =>
  sql`UPDATE notification_deliveries SET created_at = now() - make_interval(hours => ${hours})
      WHERE id = ${id}`.execute(t.db);

describe('GET /api/admin/notification-deliveries', () => {
  it('answers admins the counts per channel and state over 24 hours and 7 days, with the last failure', async () => {
    const bidder = await makeUser(t);
    await t.db
      .updateTable('users')
      .set({ phone: '+254722000111', phone_verified: true })
      .where('id', '=', bidder.id)
      .execute();
    // SMS only, so every delivery of this test is one the SMS rules decide.
    const prefs = await call('PUT', '/api/notifications/preferences', bidder.auth, {
      offers: { sms: true, email: false, push: false },
    });
    expect(prefs.statusCode).toBe(200);
    for (const title of ['Fence A', 'Fence B', 'Fence C', 'Fence D']) {
      const client = await makeUser(t);
      const bid = await makeBid(t, client, { job_title: title });
      const offer = await makeOffer(t, bid, bidder);
      expect((await call('PUT', `/api/bids/offer/accept/${offer.id}`, client.auth)).statusCode).toBe(200);
      await t.app.background.settled();
    }
    const log = await t.db
      .selectFrom('notification_deliveries')
      .select(['id', 'channel', 'state'])
      .orderBy('id')
      .execute();
    expect(log.map((d) => `${d.channel} ${d.state}`)).toEqual([
      'sms sent',
      'sms sent',
      'sms sent',
      'sms failed',
    ]);

    const admin = await makeUser(t, { role: 'admin' });
    const fresh = await call('GET', URL, admin.auth);
    expect(fresh.statusCode).toBe(200);
    const body = fresh.json<DeliveryCounts>();
    expect(body.channels.map((c) => c.channel)).toEqual(['push', 'email', 'sms']);
    const none = { queued: 0, sent: 0, failed: 0 };
    expect(body.channels[0]).toEqual({ channel: 'push', day: none, week: none, last_failure: null });
    expect(body.channels[1]).toEqual({ channel: 'email', day: none, week: none, last_failure: null });
    expect(body.channels[2]).toMatchObject({
      day: { queued: 0, sent: 3, failed: 1 },
      week: { queued: 0, sent: 3, failed: 1 },
      last_failure: { error: 'over 3 SMS today' },
    });

    // One sent two days ago counts in the week only; one sent eight days ago in neither.
    await queuedHoursAgo(log[0]!.id, 48);
    await queuedHoursAgo(log[1]!.id, 8 * 24);
    const aged = (await call('GET', URL, admin.auth)).json<DeliveryCounts>();
    expect(aged.channels[2]).toMatchObject({
      day: { queued: 0, sent: 1, failed: 1 },
      week: { queued: 0, sent: 2, failed: 1 },
    });
  });

  it('refuses members (403) and visitors (401)', async () => {
    const member = await makeUser(t);
    const refused = await call('GET', URL, member.auth);
    expect(refused.statusCode).toBe(403);
    const visitor = await t.app.inject({ method: 'GET', url: URL });
    expect(visitor.statusCode).toBe(401);
  });
});
