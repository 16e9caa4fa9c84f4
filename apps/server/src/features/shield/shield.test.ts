import { RISK_REASON_CODES, RISK_REASONS } from '@jamii/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { makeBid, makeUser, notificationsOf } from '../../test/factories';

const CAUTION_JOB = {
  title: 'Waiters for a hotel in Nakuru',
  description: 'Serve guests at weddings. Registration fee KSh 500 on the first day.',
  salary: 'KSh 15,000',
};
const HIGH_JOB = {
  title: 'Supermarket attendants',
  description: 'Pay the registration fee of KSh 1,000 to M-Pesa 0712 345 678 then WhatsApp me only.',
};

describe('the scam shield on what members write (docs/design.md#trust-and-safety)', () => {
  const t = useTestApp();

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const stored = (table: 'jobs' | 'bids' | 'services' | 'posts', id: number) =>
    t.db
      .selectFrom(table)
      .select(['risk_level', 'risk_reasons', 'moderation'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const notes = (userId: number) => notificationsOf(t, userId);

  it('answers risk none on an honest job', async () => {
    const poster = await makeUser(t);
    const res = await call('POST', '/api/jobs', poster.auth, {
      title: 'Shop attendant, Kisumu',
      description: 'Salary KSh 18,000 a month paid via M-Pesa. Apply via the platform.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().risk).toEqual({ level: 'none', reasons: [] });
    expect(await stored('jobs', res.json().id)).toEqual({
      risk_level: 'none',
      risk_reasons: [],
      moderation: 'visible',
    });
  });

  it('a caution job answers its risk everywhere and stays visible to everyone', async () => {
    const [poster, reader] = [await makeUser(t), await makeUser(t)];
    const res = await call('POST', '/api/jobs', poster.auth, CAUTION_JOB);
    expect(res.statusCode).toBe(201);
    const risk = { level: 'caution', reasons: ['upfront_fee'] };
    expect(res.json().risk).toEqual(risk);
    expect(await stored('jobs', res.json().id)).toEqual({
      risk_level: 'caution',
      risk_reasons: ['upfront_fee'],
      moderation: 'visible',
    });
    const read = await call('GET', `/api/jobs/${res.json().id}`, reader.auth);
    expect(read.statusCode).toBe(200);
    expect(read.json().risk).toEqual(risk);
    const list = await call('GET', `/api/jobs?user_id=${poster.id}`, reader.auth);
    expect(list.json().map((j: { id: number; risk: unknown }) => [j.id, j.risk])).toEqual([
      [res.json().id, risk],
    ]);
    expect(await notes(poster.id)).toEqual([]);
  });

  it('a high-risk job is held, its author sees it and is told why in plain words', async () => {
    const poster = await makeUser(t);
    const res = await call('POST', '/api/jobs', poster.auth, HIGH_JOB);
    expect(res.statusCode).toBe(201);
    expect(res.json().risk.level).toBe('high');
    expect(res.json().risk.reasons).toEqual(
      expect.arrayContaining(['upfront_fee', 'mpesa_number', 'off_platform_contact']),
    );
    expect((await stored('jobs', res.json().id)).moderation).toBe('held');
    const mine = await call('GET', `/api/jobs/${res.json().id}`, poster.auth);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().risk.level).toBe('high');
    const [note] = await notes(poster.id);
    expect(note?.message).toContain('Your job is held for a check by our moderators');
    expect(note?.message).toContain(RISK_REASONS.mpesa_number.en);
  });

  it('screens in the write’s own transaction: if the verdict cannot be stored, neither is the job', async () => {
    const poster = await makeUser(t);
    // The held notice to this poster cannot be written: the screening fails after the insert.
    await sql`alter table notifications add constraint refuse_poster check (user_id <> ${sql.lit(poster.id)}) not valid`.execute(
      t.db,
    );
    try {
      const res = await call('POST', '/api/jobs', poster.auth, HIGH_JOB);
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`alter table notifications drop constraint refuse_poster`.execute(t.db);
    }
    // No job was left stored without its verdict, visible to everyone.
    const left = await t.db.selectFrom('jobs').select('id').where('client_id', '=', poster.id).execute();
    expect(left).toEqual([]);
    // Once the notice can be written, the same job is stored held, with its notice.
    const again = await call('POST', '/api/jobs', poster.auth, HIGH_JOB);
    expect(again.statusCode).toBe(201);
    expect((await stored('jobs', again.json().id)).moderation).toBe('held');
    expect(await notes(poster.id)).toHaveLength(1);
  });

  it('an edit is screened again: a fee added holds the job, removing it shows it again', async () => {
    const poster = await makeUser(t);
    const job = (await call('POST', '/api/jobs', poster.auth, { title: 'Cook in Nyeri' })).json();
    expect(job.risk.level).toBe('none');
    const held = await call('PATCH', `/api/jobs/${job.id}`, poster.auth, {
      description: HIGH_JOB.description,
    });
    expect(held.statusCode).toBe(200);
    expect(held.json().risk.level).toBe('high');
    expect((await stored('jobs', job.id)).moderation).toBe('held');
    expect(await notes(poster.id)).toHaveLength(1);
    const cleared = await call('PATCH', `/api/jobs/${job.id}`, poster.auth, {
      description: 'Cook for a lodge.',
    });
    expect(cleared.json().risk).toEqual({ level: 'none', reasons: [] });
    expect((await stored('jobs', job.id)).moderation).toBe('visible');
  });

  it('an item moderators hid stays hidden whatever its author edits', async () => {
    const poster = await makeUser(t);
    const job = (await call('POST', '/api/jobs', poster.auth, { title: 'Driver' })).json();
    await t.db.updateTable('jobs').set({ moderation: 'hidden' }).where('id', '=', job.id).execute();
    await call('PATCH', `/api/jobs/${job.id}`, poster.auth, { description: 'A clean description.' });
    expect((await stored('jobs', job.id)).moderation).toBe('hidden');
  });

  it('bids, services and posts carry their risk too, and high ones are held', async () => {
    const member = await makeUser(t);
    const bid = await call('POST', '/api/bids', member.auth, {
      job_title: 'Parcel receivers',
      max_price: 500,
      description: 'Pay KSh 2,000 security fee first. Send to M-Pesa 0722 000 111.',
    });
    expect(bid.statusCode).toBe(201);
    expect(bid.json().risk.level).toBe('high');
    expect((await stored('bids', bid.json().id)).moderation).toBe('held');

    const service = await call('POST', '/api/services', member.auth, {
      title: 'CV writing',
      description: 'KSh 1,500 per CV. Chat with me on WhatsApp only.',
      price: 1500,
    });
    expect(service.statusCode).toBe(201);
    expect(service.json().risk).toEqual({ level: 'caution', reasons: ['off_platform_contact'] });

    const post = await call('POST', '/api/posts', member.auth, { content: 'Reminder: never pay for a job.' });
    expect(post.statusCode).toBe(201);
    expect(post.json().risk).toEqual({ level: 'none', reasons: [] });
  });

  it('screens the longest hostile texts the forms allow without slowing the answer', async () => {
    const poster = await makeUser(t);
    for (const description of [
      'pay '.repeat(1250),
      'whatsapp '.repeat(555),
      'ksh 1,'.repeat(833),
      '9'.repeat(5000),
    ]) {
      const started = performance.now();
      const res = await call('POST', '/api/jobs', poster.auth, { title: 'Hostile', description });
      expect(res.statusCode).toBe(201);
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });

  it('a verified author weighs less than an unverified one', async () => {
    const [unverified, verified] = [await makeUser(t), await makeUser(t)];
    await t.db.updateTable('users').set({ email_verified: true }).where('id', '=', verified.id).execute();
    const job = {
      title: 'Sales agents',
      description: 'Chat on WhatsApp only. No experience needed, KSh 80,000 a month.',
    };
    expect((await call('POST', '/api/jobs', unverified.auth, job)).json().risk.level).toBe('high');
    expect((await call('POST', '/api/jobs', verified.auth, job)).json().risk.level).toBe('caution');
  });

  it('a job with every reason in it is stored, held and explained, never a 500', async () => {
    const poster = await makeUser(t);
    const res = await call('POST', '/api/jobs', poster.auth, {
      title: 'Safaricom recruitment agency: jobs in Dubai',
      description:
        'Visa fee KSh 30,000 you pay. Registration fee KSh 500 to M-Pesa 0712 345 678. WhatsApp only 0712 345 678. ' +
        'No experience needed, KSh 90,000 per month. We send KSh 20,000 to you and you forward the rest.',
    });
    expect(res.statusCode).toBe(201);
    const every = RISK_REASON_CODES.filter((code) => code !== 'model');
    expect(res.json().risk).toEqual({ level: 'high', reasons: every });
    expect((await stored('jobs', res.json().id)).moderation).toBe('held');
    const [note] = await notes(poster.id);
    for (const code of every) expect(note?.message).toContain(RISK_REASONS[code].en);
    const inbox = await call('GET', `/api/notifications/${poster.id}`, poster.auth);
    expect(inbox.statusCode).toBe(200);
  });

  it("a stranger's message is read by the model too; once the recipient has written back, by the rules alone", async () => {
    const [sender, recipient] = [await makeUser(t), await makeUser(t)];
    const open = await call('POST', '/api/conversations', sender.auth, { username: recipient.username });
    const id = open.json().id;
    const send = (who: { auth: Record<string, string> }, body: string) =>
      call('POST', `/api/conversations/${id}/messages`, who.auth, { body });
    const wording = 'Mystery shoppers wanted countrywide, earn daily, no interview. Limited slots, hurry.';
    const first = await send(sender, wording);
    expect(first.statusCode).toBe(201);
    expect(first.json().risk).toEqual({ level: 'caution', reasons: ['model'] });
    const fee = await send(sender, 'I can get you the job. Send KSh 1,500 for the training fee first.');
    expect(fee.json().risk.reasons).toContain('upfront_fee');
    expect((await send(recipient, 'Who are you?')).statusCode).toBe(201);
    expect((await send(sender, wording)).json().risk).toEqual({ level: 'none', reasons: [] });
    // The rules still read a known contact's message.
    expect(
      (await send(sender, 'Pay the registration fee of KSh 500 to M-Pesa 0712 345 678.')).json().risk.level,
    ).toBe('high');
  });

  it('an offer carries its risk for the bid owner and is never held', async () => {
    const [owner, bidder] = [await makeUser(t), await makeUser(t)];
    const bid = await makeBid(t, owner, { max_price: 5000 });
    const res = await call('POST', '/api/bids/offer', bidder.auth, {
      bid_id: bid.id,
      offer_price: 3000,
      message: 'I will do it. First pay a KSh 500 activation fee to M-Pesa 0712 345 678 so I can start.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().offer.risk.level).toBe('high');
    expect(res.json().offer.risk.reasons).toEqual(expect.arrayContaining(['upfront_fee', 'mpesa_number']));
    const offers = await call('GET', `/api/bids/offers/${bid.id}`, owner.auth);
    expect(offers.json()[0].risk.level).toBe('high');
    const edited = await call('PATCH', `/api/bids/offers/${res.json().offer.id}`, bidder.auth, {
      message: 'I can start on Monday and finish in a week.',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().risk).toEqual({ level: 'none', reasons: [] });
  });
});
