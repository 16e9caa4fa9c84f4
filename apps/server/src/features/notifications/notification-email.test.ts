import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBid, makeOffer, makeUser } from '../../test/factories';
import { startLocalSmtpServer } from '../../test/local-smtp-server';
import { injectCaller, useTestApp, type SharedTestApp } from '../../test/use-test-app';

// Quoted-printable soft line breaks and =XX escapes, undone so the test reads the text as sent.
const unfold = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(raw)?.[1]?.replace(/\r?\n[ \t]+/g, ' ');

async function verifiedMember(t: SharedTestApp, language: 'en' | 'sw' = 'en') {
  const member = await makeUser(t, { name: 'Wanjiru Kamau' });
  await t.db
    .updateTable('users')
    .set({ email_verified: true, language })
    .where('id', '=', member.id)
    .execute();
  return member;
}

async function acceptedOffer(t: SharedTestApp, bidder: { id: number; auth: Record<string, string> }) {
  const client = await makeUser(t);
  const bid = await makeBid(t, client, { job_title: 'Paint a duka sign' });
  const offer = await makeOffer(t, bid, bidder as never);
  const res = await injectCaller(t)('PUT', `/api/bids/offer/accept/${offer.id}`, client.auth);
  expect(res.statusCode).toBe(200);
}

describe('notification emails over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startLocalSmtpServer>>;
  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
  });
  // Read when the app is built, after the server above has its port.
  const shared = useTestApp({
    env: {
      get SMTP_URL() {
        return smtp.url;
      },
    },
  });
  afterAll(() => smtp.close());
  const call = injectCaller(shared);

  it('emails an accepted offer at once, in HTML and text, with one-click unsubscribe', async () => {
    const bidder = await verifiedMember(shared);
    await acceptedOffer(shared, bidder);
    await shared.app.background.settled();
    const mails = smtp.received.filter((m) => m.to.includes(bidder.email));
    expect(mails).toHaveLength(1);
    const raw = unfold(mails[0]!.raw);
    expect(header(raw, 'Subject')).toBe('Your offer on Paint a duka sign was accepted');
    expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(http:\/\/localhost:3000\/api\/unsubscribe\?token=([^>]+))>$/.exec(
      header(raw, 'List-Unsubscribe') ?? '',
    );
    expect(link).not.toBeNull();
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain('Hello Wanjiru Kamau,');

    // A mail client's one-click POST, no login: email for offers off, the rest kept.
    const token = decodeURIComponent(link![2]!);
    const res = await shared.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ category: 'offers', email: false });
    const prefs = (await call('GET', '/api/notifications/preferences', bidder.auth)).json();
    expect(prefs.offers).toEqual({ in_app: true, push: true, email: false, sms: false });
    expect(prefs.applications.email).toBe(true);

    // Off now: the next accepted offer sends no email.
    await acceptedOffer(shared, bidder);
    await shared.app.background.settled();
    expect(smtp.received.filter((m) => m.to.includes(bidder.email))).toHaveLength(1);
  });

  it('refuses a forged or altered unsubscribe token', async () => {
    const member = await verifiedMember(shared);
    for (const token of [`${member.id}.offers.${'A'.repeat(43)}`, 'nonsense']) {
      const res = await call('POST', `/api/unsubscribe?token=${token}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_UNSUBSCRIBE_TOKEN',
        message: 'This unsubscribe link is not valid',
      });
    }
    const page = await call('GET', `/api/unsubscribe?token=x`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('writes the email in the member’s language', async () => {
    const bidder = await verifiedMember(shared, 'sw');
    await acceptedOffer(shared, bidder);
    await shared.app.background.settled();
    const raw = unfold(smtp.received.find((m) => m.to.includes(bidder.email))!.raw);
    expect(raw).toContain('Habari Wanjiru Kamau,');
    expect(raw).toContain('Ofa yako kwenye Paint a duka sign imekubaliwa');
  });

  it('sends nothing to a member with email off, or without a verified address', async () => {
    const off = await verifiedMember(shared);
    await call('PUT', '/api/notifications/preferences', off.auth, { offers: { email: false } });
    const unverified = await makeUser(shared);
    await acceptedOffer(shared, off);
    await acceptedOffer(shared, unverified);
    await shared.app.background.settled();
    expect(smtp.received.filter((m) => m.to.includes(off.email) || m.to.includes(unverified.email))).toEqual(
      [],
    );
  });

  it('emails a message still unread after ten minutes, not one read in time', async () => {
    const reader = await verifiedMember(shared);
    const sender = await makeUser(shared, { name: 'Otieno Ouma' });
    await call('PUT', '/api/notifications/preferences', reader.auth, { messages: { email: true } });
    const open = await call('POST', '/api/conversations', sender.auth, { username: reader.username });
    const conversation = open.json().id as number;
    const sent = await call('POST', `/api/conversations/${conversation}/messages`, sender.auth, {
      body: 'Habari, bado iko?',
    });
    expect(sent.statusCode).toBe(201);
    await shared.app.background.settled();
    // Queued for ten minutes from now: nothing yet.
    const waiting = await shared.db
      .selectFrom('background_jobs')
      .select(['id', 'run_at'])
      .where('name', '=', 'notifications.email')
      .execute();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.run_at.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(smtp.received.filter((m) => m.to.includes(reader.email))).toEqual([]);
    // Ten minutes on, still unread.
    await shared.db
      .updateTable('background_jobs')
      .set({ run_at: new Date(0) })
      .where('id', '=', waiting[0]!.id)
      .execute();
    await shared.app.background.settled();
    const mails = smtp.received.filter((m) => m.to.includes(reader.email));
    expect(mails).toHaveLength(1);
    expect(header(unfold(mails[0]!.raw), 'Subject')).toBe('New message from Otieno Ouma');

    // A second message, read before its ten minutes: no email.
    await call('POST', `/api/conversations/${conversation}/messages`, sender.auth, { body: 'Nipigie' });
    await shared.app.background.settled();
    await call('GET', `/api/conversations/${conversation}/messages`, reader.auth);
    await call('POST', `/api/conversations/${conversation}/read`, reader.auth);
    await shared.db
      .updateTable('background_jobs')
      .set({ run_at: new Date(0) })
      .where('name', '=', 'notifications.email')
      .execute();
    await shared.app.background.settled();
    expect(smtp.received.filter((m) => m.to.includes(reader.email))).toHaveLength(1);
  });
});

describe('notification emails without SMTP_URL', () => {
  const t = useTestApp();
  const call = injectCaller(t);

  it('keeps a follow for the 07:00 digest and writes it to the outbox with its headers', async () => {
    const member = await verifiedMember(t);
    await call('PUT', '/api/notifications/preferences', member.auth, { follows: { email: true } });
    const fan = await makeUser(t, { name: 'Shabiki Mkubwa' });
    await call('POST', `/api/users/${member.username.slice(1)}/follow`, fan.auth);
    await t.app.background.settled();
    const items = await t.db
      .selectFrom('email_digest_items')
      .select('kind')
      .where('user_id', '=', member.id)
      .execute();
    expect(items).toEqual([{ kind: 'followed' }]);
    // The digest's job waits for 07:00 Nairobi; run it now.
    await t.db
      .updateTable('background_jobs')
      .set({ run_at: new Date(0) })
      .where('name', '=', 'notifications.digest')
      .execute();
    await t.app.background.settled();
    const outbox = path.join(t.dataDir, 'outbox');
    const files = await readdir(outbox);
    const mails = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
    const digest = mails.find((m) => m.includes(`To: ${member.email}`))!;
    expect(digest).toContain('Subject: 1 new notification on Jamii');
    expect(digest).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(digest).toContain(`Shabiki Mkubwa (${fan.username}) started following you`);
    expect(digest).toContain('Content-Type: text/html');
    expect(await t.db.selectFrom('email_digest_items').select('id').execute()).toEqual([]);
    // The next digest is queued for the next 07:00.
    const next = await t.db
      .selectFrom('background_jobs')
      .select('run_at')
      .where('name', '=', 'notifications.digest')
      .execute();
    expect(next).toHaveLength(1);
  });
});
