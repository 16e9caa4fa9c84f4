import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import {
  reachableMember,
  receivedBy,
  useOutsideChannels,
  type ReachableMember,
} from '../../test/outside-channels';
import { injectCaller, useTestApp } from '../../test/use-test-app';
import { JOB_ALERTS_DIGEST_JOB } from './job-alerts.service';

// A job alert goes out on the channels chosen on the alert itself (push, email, SMS), whatever the
// categories' settings say: a real push service, a real SMTP server and the Africa's Talking stand-in.
// The clock stands at 09:00 in Nairobi, outside the SMS quiet hours.

const { channels, env } = useOutsideChannels();
const t = useTestApp({ env, clock: () => new Date('2026-03-02T06:00:00Z') });
const call = injectCaller(t);

/** A reachable member (outside-channels.ts) with an instant alert on `query` and `alertChannels`. */
async function alertedMember(query: string, alertChannels: string[]) {
  const member = await reachableMember(t, channels);
  const saved = await call('POST', '/api/job-alerts', member.auth, {
    query,
    frequency: 'instant',
    channels: alertChannels,
  });
  expect(saved.statusCode).toBe(201);
  return member;
}

async function postJob(title: string) {
  const poster = await makeUser(t);
  const job = await call('POST', '/api/jobs', poster.auth, { title, location: 'Nakuru' });
  expect(job.statusCode).toBe(201);
  await t.app.background.settled();
  return job.json().id as number;
}

const received = (member: ReachableMember) => receivedBy(channels, member);

describe('job alert channels', () => {
  it('sends an instant alert by push, email and SMS when the alert asks for all three', async () => {
    const member = await alertedMember('greenhouse', ['push', 'email', 'sms']);
    const jobId = await postJob('Greenhouse supervisor');

    const got = received(member);
    expect(got.push).toEqual(['New job for your alert: Greenhouse supervisor']);
    expect(got.sms).toHaveLength(1);
    expect(got.sms[0]).toContain('New job for your alert: Greenhouse supervisor');
    expect(got.email).toHaveLength(1);
    const mail = got.email[0]!.replace(/=\r?\n/g, '');
    expect(mail).toMatch(/^Subject: New job for your alert: Greenhouse supervisor$/m);
    expect(mail).toContain(`/jobs/${jobId}`);
    expect(mail).toContain('You get this email because you asked for job alerts by email.');
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    // Its one-click link turns email off on the member's alerts, push and SMS kept.
    const link =
      /^List-Unsubscribe: <http:\/\/localhost:3000(\/api\/job-alerts\/unsubscribe\?token=[^>]+)>$/m.exec(
        mail.replace(/\r?\n[ \t]+/g, ' '),
      );
    expect(link).not.toBeNull();
    const page = await t.app.inject({ method: 'GET', url: link![1]! });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('action="/api/job-alerts/unsubscribe?token=');
    const off = await t.app.inject({
      method: 'POST',
      url: link![1]!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ email: false });
    const alerts = (await call('GET', '/api/job-alerts', member.auth)).json();
    expect(alerts[0].channels).toEqual(['push', 'sms']);

    await postJob('Greenhouse manager');
    const after = received(member);
    expect(after.email).toHaveLength(1);
    expect(after.push).toHaveLength(2);
    expect(after.sms).toHaveLength(2);
  });

  it('sends the morning digest of daily alerts on their channels, each member once', async () => {
    const member = await makeUser(t);
    await t.db
      .updateTable('users')
      .set({ phone: '+254733900111', phone_verified: true })
      .where('id', '=', member.id)
      .execute();
    for (const body of [
      { query: 'tailor', frequency: 'daily', channels: ['sms'] },
      { query: 'seamstress', frequency: 'daily', channels: [] },
    ])
      expect((await call('POST', '/api/job-alerts', member.auth, body)).statusCode).toBe(201);
    await postJob('Tailor and seamstress');
    await postJob('Tailor for school uniforms');
    expect(channels.at.messages.filter((m) => m.to === '+254733900111')).toEqual([]);

    await t.app.queue.enqueue(JOB_ALERTS_DIGEST_JOB, {});
    await t.app.background.settled();
    const sms = channels.at.messages.filter((m) => m.to === '+254733900111').map((m) => m.message);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toContain('2 new jobs');
  });

  it('keeps an alert with no channel in Jamii only, even with the categories’ push on', async () => {
    const member = await alertedMember('beekeeper', []);
    await postJob('Beekeeper for Baringo');
    expect(received(member)).toEqual({ push: [], email: [], sms: [] });
    const inApp = await t.db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', member.id)
      .where('kind', '=', 'job_alert')
      .execute();
    expect(inApp).toHaveLength(1);
  });

  it('refuses a forged unsubscribe token on the job alerts link', async () => {
    const member = await alertedMember('welder', ['email']);
    for (const token of [`${member.id}.job_alerts.${'A'.repeat(43)}`, 'nonsense']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/job-alerts/unsubscribe?token=${encodeURIComponent(token)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_UNSUBSCRIBE_TOKEN' });
    }
    expect((await call('GET', '/api/job-alerts', member.auth)).json()[0].channels).toEqual(['email']);
  });
});
