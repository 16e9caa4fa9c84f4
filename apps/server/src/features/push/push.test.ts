import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPushService } from '../../test/local-push-service';
import { makeBid, makeOffer, makeUser } from '../../test/factories';
import { injectCaller, useTestApp } from '../../test/use-test-app';
import { DIGEST_JOB } from '../notifications/deliveries';
import { SWEEP_JOB } from '../payments/payments.settlement';

describe('Web Push', () => {
  const t = useTestApp({ env: { PUSH_INSECURE_ENDPOINTS: 'on' } });
  const call = injectCaller(t);
  let pushService: Awaited<ReturnType<typeof startLocalPushService>>;
  beforeAll(async () => {
    pushService = await startLocalPushService();
  });
  afterAll(() => pushService.close());

  /** A browser of `member` subscribed at the local push service, and told to the server. */
  async function subscribedDevice(member: { auth: Record<string, string> }) {
    const key = (await call('GET', '/api/push/key')).json().public_key as string;
    const device = await pushService.subscribe(key);
    const saved = await call('POST', '/api/push/subscriptions', member.auth, {
      endpoint: device.endpoint,
      keys: device.keys,
    });
    expect(saved.statusCode).toBe(201);
    return device;
  }

  async function acceptOffer() {
    const client = await makeUser(t);
    const bidder = await makeUser(t);
    const bid = await makeBid(t, client, { job_title: 'Paint a duka sign' });
    const offer = await makeOffer(t, bid, bidder);
    return { client, bidder, accept: () => call('PUT', `/api/bids/offer/accept/${offer.id}`, client.auth) };
  }

  it('answers one VAPID public key, generated once and kept', async () => {
    const first = await call('GET', '/api/push/key');
    expect(first.statusCode).toBe(200);
    expect(first.json().public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await call('GET', '/api/push/key')).json()).toEqual(first.json());
    const stored = await t.db.selectFrom('server_keys').select('value').where('name', '=', 'vapid').execute();
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0]!.value).publicKey).toBe(first.json().public_key);
  });

  it('sends an accepted offer to each of the member’s devices once, and opens its link', async () => {
    const { bidder, accept } = await acceptOffer();
    const phone = await subscribedDevice(bidder);
    const laptop = await subscribedDevice(bidder);
    expect((await accept()).statusCode).toBe(200);
    await t.app.background.settled();
    for (const device of [phone, laptop]) {
      const pushes = pushService.received(device.clientHash).map((m) => JSON.parse(m));
      expect(pushes).toEqual([
        expect.objectContaining({
          title: 'Jamii',
          body: 'Your offer on Paint a duka sign was accepted',
          // The conversation the accept opened with the client.
          link: expect.stringMatching(/^\/messages\/\d+$/),
        }),
      ]);
    }
    // Running the queue again sends nothing twice.
    await t.app.background.settled();
    expect(pushService.received(phone.clientHash)).toHaveLength(1);
    const log = await t.db
      .selectFrom('notification_deliveries')
      .select(['channel', 'state'])
      .where('user_id', '=', bidder.id)
      .where('channel', '=', 'push')
      .execute();
    expect(log).toEqual([
      { channel: 'push', state: 'sent' },
      { channel: 'push', state: 'sent' },
    ]);
  });

  it('writes the push in the member’s language', async () => {
    const { bidder, accept } = await acceptOffer();
    await t.db.updateTable('users').set({ language: 'sw' }).where('id', '=', bidder.id).execute();
    const device = await subscribedDevice(bidder);
    expect((await accept()).statusCode).toBe(200);
    await t.app.background.settled();
    expect(JSON.parse(pushService.received(device.clientHash)[0]!).body).toBe(
      'Ofa yako kwenye Paint a duka sign imekubaliwa',
    );
  });

  it('sends nothing to a member who turned push off for the category', async () => {
    const { bidder, accept } = await acceptOffer();
    const device = await subscribedDevice(bidder);
    const off = await call('PUT', '/api/notifications/preferences', bidder.auth, { offers: { push: false } });
    expect(off.statusCode).toBe(200);
    await accept();
    await t.app.background.settled();
    expect(pushService.received(device.clientHash)).toEqual([]);
    // The in-app notification is still written.
    const rows = await t.db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', bidder.id)
      .execute();
    expect(rows.map((r) => r.kind)).toEqual(['offer_accepted']);
  });

  it('still pushes a category the member turned off in Jamii only', async () => {
    const { bidder, accept } = await acceptOffer();
    const device = await subscribedDevice(bidder);
    await call('PUT', '/api/notifications/preferences', bidder.auth, { offers: { in_app: false } });
    await accept();
    await t.app.background.settled();
    expect(pushService.received(device.clientHash)).toHaveLength(1);
    const rows = await t.db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', bidder.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('deletes a subscription the push service answers 410 for', async () => {
    const { bidder, accept } = await acceptOffer();
    const device = await subscribedDevice(bidder);
    pushService.expire(device.clientHash);
    await accept();
    await t.app.background.settled();
    const left = await t.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('endpoint', '=', device.endpoint)
      .execute();
    expect(left).toEqual([]);
    const log = await t.db
      .selectFrom('notification_deliveries')
      .select(['state', 'error'])
      .where('user_id', '=', bidder.id)
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ state: 'failed', error: 'the push service answered 410: subscription deleted' });
    // No job was left to retry it (the digest and the payments' sweep are always queued, for later).
    const scheduled = [DIGEST_JOB, SWEEP_JOB];
    const jobs = await t.db.selectFrom('background_jobs').select('name').execute();
    expect(jobs.filter((j) => !scheduled.includes(j.name))).toEqual([]);
  });

  it('forgets a device on DELETE, only the member’s own; visitors 401; a bad body 400', async () => {
    const member = await makeUser(t);
    const other = await makeUser(t);
    const device = await subscribedDevice(member);
    const remove = (auth: Record<string, string>) =>
      call('DELETE', '/api/push/subscriptions', auth, { endpoint: device.endpoint });
    expect((await remove({})).statusCode).toBe(401);
    expect((await remove(other.auth)).statusCode).toBe(204);
    expect(
      await t.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', member.id).execute(),
    ).toHaveLength(1);
    expect((await remove(member.auth)).statusCode).toBe(204);
    expect(
      await t.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', member.id).execute(),
    ).toEqual([]);
    expect(
      (await call('POST', '/api/push/subscriptions', {}, { endpoint: device.endpoint, keys: device.keys }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await call('POST', '/api/push/subscriptions', member.auth, {
          endpoint: 'not a url',
          keys: device.keys,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('Web Push endpoints', () => {
  const t = useTestApp({
    env: {
      VAPID_PUBLIC_KEY:
        'BBBfl2lSPbakLHMAHB2xHhxyET34AaRHUX2o28GICwxs0siQrwuypqDyb6WV6wzO8HbB7m0A17FNXfyAPcbz0SI',
      VAPID_PRIVATE_KEY: 'kjAIvpg-202X4A9PrtDKrb6KBxupGVKIl4EAYTs7ZZA',
    },
  });
  const call = injectCaller(t);

  it('answers the key of VAPID_PUBLIC_KEY and stores none', async () => {
    expect((await call('GET', '/api/push/key')).json()).toEqual({
      public_key: 'BBBfl2lSPbakLHMAHB2xHhxyET34AaRHUX2o28GICwxs0siQrwuypqDyb6WV6wzO8HbB7m0A17FNXfyAPcbz0SI',
    });
    expect(await t.db.selectFrom('server_keys').selectAll().execute()).toEqual([]);
  });

  it('takes only public https push services', async () => {
    const member = await makeUser(t);
    const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQt', auth: 'tBHItJI5svbpez7KI4CCXg' };
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/notify',
      'https://localhost/notify',
      'https://10.0.0.5/notify',
    ]) {
      const res = await call('POST', '/api/push/subscriptions', member.auth, { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().errors).toEqual({ endpoint: 'This is not a push service’s address' });
    }
    const ok = await call('POST', '/api/push/subscriptions', member.auth, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys,
    });
    expect(ok.statusCode).toBe(201);
  });
});
