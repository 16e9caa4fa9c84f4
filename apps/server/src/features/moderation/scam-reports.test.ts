import type { HeldItem } from '@jamii/shared';
import { describe, expect, it } from 'vitest';
import { makeJob, makeUser, notificationsOf } from '../../test/factories';
import { testDatabaseKind } from '../../test/test-database';
import { confusionFigures, countDecisions, countReasons } from '../shield/shield-decisions';
import { useTestApp } from '../../test/use-test-app';

const HONEST = {
  title: 'Delivery rider in Kisumu',
  description: 'Deliver parcels around Kisumu on our motorbikes. Salary KSh 20,000 a month.',
};
const SCAM = {
  title: 'Supermarket attendants',
  description: 'Pay the registration fee of KSh 1,000 to M-Pesa 0712 345 678 then WhatsApp me only.',
};

describe(`one-tap scam reports and the moderators' held queue on ${testDatabaseKind()}`, () => {
  const t = useTestApp();
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const reportScam = (who: { auth: Record<string, string> }, jobId: number, reason = 'scam') =>
    call('POST', '/api/reports', who.auth, { target_type: 'job', target_id: jobId, reason });
  const moderationOf = async (jobId: number) =>
    (await t.db.selectFrom('jobs').select('moderation').where('id', '=', jobId).executeTakeFirstOrThrow())
      .moderation;
  const heldItem = async (admin: { auth: Record<string, string> }, jobId: number) => {
    const list = (await call('GET', '/api/admin/held?limit=50', admin.auth)).json() as HeldItem[];
    return list.find((h) => h.type === 'job' && h.id === jobId);
  };
  const decisionsOf = (jobId: number) =>
    t.db
      .selectFrom('shield_decisions')
      .select(['shield_held', 'decision', 'scam_reports', 'risk_level', 'risk_reasons'])
      .where('target_type', '=', 'job')
      .where('target_id', '=', jobId)
      .orderBy('id')
      .execute();
  const member = () => makeUser(t);

  it('holds a job three different members report as a scam, until a moderator approves it', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const [poster, reader, a, b, c, d] = [
      await member(),
      await member(),
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    const job = await makeJob(t, poster, HONEST);
    expect((await reportScam(a, job.id)).statusCode).toBe(201);
    expect((await reportScam(b, job.id)).statusCode).toBe(201);
    expect(await moderationOf(job.id)).toBe('visible');
    expect((await call('GET', `/api/jobs/${job.id}`, reader.auth)).statusCode).toBe(200);

    expect((await reportScam(c, job.id)).statusCode).toBe(201);
    expect(await moderationOf(job.id)).toBe('held');
    expect((await call('GET', `/api/jobs/${job.id}`, reader.auth)).statusCode).toBe(404);
    expect((await call('GET', `/api/jobs/${job.id}`, poster.auth)).statusCode).toBe(200);
    expect(await heldItem(admin, job.id)).toMatchObject({
      risk_level: 'none',
      risk_reasons: [],
      scam_reports: 3,
      matches: [],
      text: `${HONEST.title}\nTujenge Ltd\nNairobi\nKES 80,000\n${HONEST.description}`,
      author: { id: poster.id },
    });

    const approved = await call('POST', `/api/admin/held/job/${job.id}/approve`, admin.auth);
    expect(approved.json()).toEqual({ type: 'job', id: job.id, moderation: 'visible' });
    expect((await call('GET', `/api/jobs/${job.id}`, reader.auth)).statusCode).toBe(200);
    // The moderator looked: the three reports are closed and their reporters told.
    const open = await t.db
      .selectFrom('reports')
      .select('status')
      .where('target_type', '=', 'job')
      .where('target_id', '=', job.id)
      .execute();
    expect(open.map((r) => r.status)).toEqual(['dismissed', 'dismissed', 'dismissed']);
    expect((await notificationsOf(t, a.id)).map((n) => n.message)).toContain(
      'Thanks for your report of a job. Our moderators reviewed it and took no action.',
    );
    expect(await decisionsOf(job.id)).toEqual([
      { shield_held: false, decision: 'approve', scam_reports: 3, risk_level: 'none', risk_reasons: [] },
    ]);
    // One more report after the moderator's approval is one open report: it does not hold the job.
    expect((await reportScam(d, job.id)).statusCode).toBe(201);
    expect(await moderationOf(job.id)).toBe('visible');
  });

  it('counts neither the same member twice, nor the poster, nor reports of another reason', async () => {
    const [poster, a, b, c] = [await member(), await member(), await member(), await member()];
    const job = await makeJob(t, poster, HONEST);
    expect((await reportScam(a, job.id)).statusCode).toBe(201);
    const again = await reportScam(a, job.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REPORTED');
    expect((await reportScam(poster, job.id)).statusCode).toBe(201);
    expect((await reportScam(b, job.id, 'spam')).statusCode).toBe(201);
    expect(await moderationOf(job.id)).toBe('visible');
    // The second different member besides the poster: still two.
    expect((await reportScam(c, job.id)).statusCode).toBe(201);
    expect(await moderationOf(job.id)).toBe('visible');
  });

  it('dismissing the reports frees a job they held; a job the shield held stays for the held queue', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const [poster, a, b, c] = [await member(), await member(), await member(), await member()];
    const reported = await makeJob(t, poster, HONEST);
    const posted = await call('POST', '/api/jobs', poster.auth, SCAM);
    expect(posted.statusCode).toBe(201);
    const scam = posted.json() as { id: number };
    expect(await moderationOf(scam.id)).toBe('held');
    for (const who of [a, b, c]) expect((await reportScam(who, reported.id)).statusCode).toBe(201);
    expect(await moderationOf(reported.id)).toBe('held');
    expect((await reportScam(a, scam.id)).statusCode).toBe(404);

    const groups = (await call('GET', '/api/admin/reports?limit=50', admin.auth)).json() as {
      id: number;
      target_type: string;
      target_id: number;
    }[];
    const group = groups.find((g) => g.target_type === 'job' && g.target_id === reported.id)!;
    const dismissed = await call('POST', `/api/admin/reports/${group.id}/resolve`, admin.auth, {
      action: 'dismiss',
    });
    expect(dismissed.statusCode).toBe(200);
    expect(await moderationOf(reported.id)).toBe('visible');
    expect(await decisionsOf(reported.id)).toEqual([
      { shield_held: false, decision: 'approve', scam_reports: 3, risk_level: 'none', risk_reasons: [] },
    ]);

    // The shield's held job shows the moderators its whole text and the words that held it.
    const held = (await heldItem(admin, scam.id))!;
    expect(held.text).toBe(`${SCAM.title}\n\n\n\n${SCAM.description}`);
    expect(held.risk_reasons).toEqual(['upfront_fee', 'mpesa_number', 'off_platform_contact']);
    expect(held.scam_reports).toBe(0);
    const words = held.matches.map((m) => [m.reason, held.text.slice(m.start, m.end)]);
    expect(words).toEqual([
      ['upfront_fee', 'registration fee of KSh 1,000'],
      ['mpesa_number', 'M-Pesa 0712 345 678'],
      ['off_platform_contact', 'WhatsApp me only'],
    ]);
    expect((await call('POST', `/api/admin/held/job/${scam.id}/reject`, admin.auth)).statusCode).toBe(200);
    expect(await decisionsOf(scam.id)).toEqual([
      {
        shield_held: true,
        decision: 'reject',
        scam_reports: 0,
        risk_level: 'high',
        risk_reasons: ['upfront_fee', 'mpesa_number', 'off_platform_contact'],
      },
    ]);
  });

  it('counts the decisions into the confusion figures of npm run shield:report', async () => {
    const since = new Date();
    const admin = await makeUser(t, { role: 'admin' });
    const [poster, a, b, c] = [await member(), await member(), await member(), await member()];
    const post = async () =>
      ((await call('POST', '/api/jobs', poster.auth, SCAM)).json() as { id: number }).id;
    const [heldThenApproved, heldThenRejected] = [await post(), await post()];
    const missed = await makeJob(t, poster, HONEST);
    for (const who of [a, b, c]) expect((await reportScam(who, missed.id)).statusCode).toBe(201);
    const honest = await makeJob(t, poster, HONEST);
    for (const who of [a, b, c]) expect((await reportScam(who, honest.id)).statusCode).toBe(201);
    const decide = (id: number, decision: 'approve' | 'reject') =>
      call('POST', `/api/admin/held/job/${id}/${decision}`, admin.auth);
    expect((await decide(heldThenApproved, 'approve')).statusCode).toBe(200);
    expect((await decide(heldThenRejected, 'reject')).statusCode).toBe(200);
    expect((await decide(missed.id, 'reject')).statusCode).toBe(200);
    expect((await decide(honest.id, 'approve')).statusCode).toBe(200);

    expect(confusionFigures(await countDecisions(t.db, since))).toEqual({
      decisions: 4,
      tp: 1,
      fp: 1,
      fn: 1,
      tn: 1,
      precision: 0.5,
      recall: 0.5,
      falseHoldRate: 0.5,
    });
    expect(await countReasons(t.db, since)).toEqual(
      ['mpesa_number', 'off_platform_contact', 'upfront_fee'].flatMap((reason) => [
        { reason, decision: 'approve', n: 1 },
        { reason, decision: 'reject', n: 1 },
      ]),
    );
    // Nothing is learned from them: the held verdicts stay as the shield wrote them.
    expect(await moderationOf(heldThenApproved)).toBe('visible');
    expect(confusionFigures([])).toMatchObject({ decisions: 0, precision: null, recall: null });
  });
});
