import { afterAll, beforeAll, expect } from 'vitest';
import { startAfricasTalkingStandIn, type AfricasTalkingStandIn } from './africastalking-stand-in';
import { makeUser } from './factories';
import { startLocalPushService } from './local-push-service';
import { startLocalSmtpServer } from './local-smtp-server';
import { injectCaller, type SharedTestApp } from './use-test-app';

export interface OutsideChannels {
  push: Awaited<ReturnType<typeof startLocalPushService>>;
  smtp: Awaited<ReturnType<typeof startLocalSmtpServer>>;
  at: AfricasTalkingStandIn;
}

/**
 * The three ways a notice leaves Jamii, on loopback for the surrounding file: a real push service
 * (web-push-testing), a real SMTP server and the Africa's Talking stand-in, started in a `beforeAll`
 * and stopped in an `afterAll`. `env` is the app's settings for them (read when the app is built,
 * after the services have their ports).
 */
export function useOutsideChannels() {
  const channels = {} as OutsideChannels;
  beforeAll(async () => {
    [channels.push, channels.smtp, channels.at] = await Promise.all([
      startLocalPushService(),
      startLocalSmtpServer(),
      startAfricasTalkingStandIn(),
    ]);
  });
  afterAll(() => Promise.all([channels.push.close(), channels.smtp.close(), channels.at.stop()]));
  const env = {
    PUSH_INSECURE_ENDPOINTS: 'on',
    get SMTP_URL() {
      return channels.smtp.url;
    },
    get SMS_URL() {
      return channels.at.smsUrl;
    },
  };
  return { channels, env };
}

let serial = 0;

/** A member with a verified email and phone and one browser subscribed at the push service. */
export async function reachableMember(t: SharedTestApp, channels: OutsideChannels) {
  const call = injectCaller(t);
  const member = await makeUser(t);
  const phone = `+2547${String(31_000_000 + ++serial * 6_113).slice(-8)}`;
  await t.db
    .updateTable('users')
    .set({ email_verified: true, phone, phone_verified: true })
    .where('id', '=', member.id)
    .execute();
  const key = (await call('GET', '/api/push/key')).json().public_key as string;
  const device = await channels.push.subscribe(key);
  const saved = await call('POST', '/api/push/subscriptions', member.auth, {
    endpoint: device.endpoint,
    keys: device.keys,
  });
  expect(saved.statusCode).toBe(201);
  return { ...member, phone, device };
}
export type ReachableMember = Awaited<ReturnType<typeof reachableMember>>;

/** What a reachable member received outside Jamii: push bodies, raw emails, SMS texts. */
export const receivedBy = (channels: OutsideChannels, member: ReachableMember) => ({
  push: channels.push.received(member.device.clientHash).map((m) => (JSON.parse(m) as { body: string }).body),
  email: channels.smtp.received.filter((m) => m.to.includes(member.email)).map((m) => m.raw),
  sms: channels.at.messages.filter((m) => m.to === member.phone).map((m) => m.message),
});
