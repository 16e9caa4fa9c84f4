import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import { injectCaller, useTestApp } from '../../test/use-test-app';
import { JOB_ALERTS_DIGEST_JOB, untilNextDigest } from './job-alerts.service';

describe('job alerts', () => {
  const t = useTestApp();
  const call = injectCaller(t);
  const notices = async (member: { id: number }) =>
    t.db
      .selectFrom('notifications')
      .select(['kind', 'params', 'link'])
      .where('user_id', '=', member.id)
      .where('kind', 'in', ['job_alert', 'job_alert_digest'])
      .execute();
  const alert = (auth: Record<string, string>, body: object) => call('POST', '/api/job-alerts', auth, body);

  it('saves, lists and deletes a member’s alerts, with the county read in any spelling', async () => {
    const member = await makeUser(t);
    const res = await alert(member.auth, {
      query: 'nurse',
      county: 'nairobi',
      type: 'Full-time',
      salary_min: 40000,
      frequency: 'instant',
      channels: ['push', 'sms', 'push'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      query: 'nurse',
      county: 'Nairobi',
      type: 'Full-time',
      salary_min: 40000,
      frequency: 'instant',
      channels: ['push', 'sms'],
    });
    const list = await call('GET', '/api/job-alerts', member.auth);
    expect(list.json()).toHaveLength(1);
    const other = await makeUser(t);
    expect((await call('DELETE', `/api/job-alerts/${res.json().id}`, other.auth)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/job-alerts/${res.json().id}`, member.auth)).statusCode).toBe(204);
    expect((await call('GET', '/api/job-alerts', member.auth)).json()).toEqual([]);
  });

  it('refuses a bad frequency or channel, and an eleventh alert (409)', async () => {
    const member = await makeUser(t);
    expect((await alert(member.auth, { frequency: 'weekly' })).statusCode).toBe(400);
    expect((await alert(member.auth, { frequency: 'daily', channels: ['fax'] })).statusCode).toBe(400);
    expect((await alert(member.auth, { frequency: 'daily', county: 'Atlantis' })).statusCode).toBe(400);
    for (let i = 0; i < 10; i++)
      expect((await alert(member.auth, { frequency: 'daily' })).statusCode).toBe(201);
    const full = await alert(member.auth, { frequency: 'daily' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      code: 'JOB_ALERTS_FULL',
      message: 'You can keep at most 10 job alerts. Delete one to add another.',
    });
    expect((await call('GET', '/api/job-alerts')).statusCode).toBe(401);
  });

  it('tells each matching member once about a new job, however many of their alerts match', async () => {
    const poster = await makeUser(t);
    const keen = await makeUser(t);
    const elsewhere = await makeUser(t);
    const daily = await makeUser(t);
    for (const body of [
      { query: 'Nurse', frequency: 'instant' },
      { county: 'Kisumu', frequency: 'instant' },
      { query: 'clinic', county: 'Kisumu', frequency: 'daily' },
    ])
      expect((await alert(keen.auth, body)).statusCode).toBe(201);
    await alert(elsewhere.auth, { county: 'Mombasa', frequency: 'instant' });
    await alert(daily.auth, { query: 'nurse', salary_min: 50000, frequency: 'daily' });
    await alert(poster.auth, { query: 'nurse', frequency: 'instant' });

    const job = await call('POST', '/api/jobs', poster.auth, {
      title: 'Clinic Nurse',
      location: 'Kisumu',
      salary_min: 60000,
    });
    expect(job.statusCode).toBe(201);
    await t.app.background.settled();

    const told = await notices(keen);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      kind: 'job_alert',
      params: { job: 'Clinic Nurse', job_id: job.json().id },
      link: `/jobs/${job.json().id}`,
    });
    expect(await notices(elsewhere)).toEqual([]);
    expect(await notices(poster)).toEqual([]);
    // Daily alerts wait for the morning's digest.
    expect(await notices(daily)).toEqual([]);
    const rows = await t.db
      .selectFrom('job_alert_deliveries')
      .selectAll()
      .where('job_id', '=', job.json().id)
      // The earlier tests' members keep alerts of their own (ten with no filter match every job).
      .where('user_id', 'in', [poster.id, keen.id, elsewhere.id, daily.id])
      .execute();
    expect(rows.map((r) => [r.user_id, r.frequency]).sort()).toEqual(
      [
        [keen.id, 'instant'],
        [daily.id, 'daily'],
      ].sort(),
    );
    // A second run of the fan-out (a retried job) tells nobody twice.
    await t.app.queue.enqueue('job-alerts.match', { jobId: job.json().id });
    await t.app.background.settled();
    expect(await notices(keen)).toHaveLength(1);

    await t.app.queue.enqueue(JOB_ALERTS_DIGEST_JOB, {});
    await t.app.background.settled();
    const digest = await notices(daily);
    expect(digest).toHaveLength(1);
    expect(digest[0]).toMatchObject({ kind: 'job_alert_digest', params: { count: 1 } });
  });

  it('schedules the digest for 07:00 Nairobi (04:00 UTC)', () => {
    expect(untilNextDigest(new Date('2026-03-02T03:00:00Z'))).toBe(60 * 60_000);
    expect(untilNextDigest(new Date('2026-03-02T04:00:00Z'))).toBe(24 * 60 * 60_000);
  });
});
