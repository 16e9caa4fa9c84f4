import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeBid, makeJob, makeOffer, makeUser, TEST_PASSWORD } from '../../test/factories';
import { injectCaller, useTestApp } from '../../test/use-test-app';

let phones = 0;
/** A member whose phone is verified, so the gateway's number names them. */
async function memberWithPhone(overrides: Parameters<typeof makeUser>[1] = {}) {
  const member = await makeUser(t, overrides);
  const phone = `+2547${String(10_000_000 + ++phones).slice(-8)}`;
  await t.db.updateTable('users').set({ phone, phone_verified: true }).where('id', '=', member.id).execute();
  return { ...member, phone };
}

// One app for the whole file: building one is the slow part.
const t = useTestApp();
const call = injectCaller(t);

/** The bodies of the SMS sent to a number, oldest first (the outbox: no SMS_URL in tests). */
async function outboxTo(phone: string) {
  const outbox = path.join(t.ctx.config.dataDir, 'sms-outbox');
  const files = (await readdir(outbox).catch(() => [])).sort();
  const texts = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
  return texts
    .filter((text) => text.startsWith(`To: ${phone}\n`))
    .map((text) => text.split('\n\n')[1]!.trim());
}

describe('USSD: POST /api/ussd', () => {
  /** One callback of a session, as Africa's Talking posts it. */
  const dial = (phone: string, answers: string[], sessionId = randomUUID(), remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/ussd',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        sessionId,
        serviceCode: '*384*5566#',
        phoneNumber: phone,
        networkCode: '63902',
        text: answers.join('*'),
      }).toString(),
    });

  /** Every screen of a session, one callback per answer, as a phone walks it. */
  async function walk(phone: string, answers: string[]) {
    const sessionId = randomUUID();
    const screens: string[] = [];
    for (let i = 0; i <= answers.length; i++) {
      const res = await dial(phone, answers.slice(0, i), sessionId);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      screens.push(res.body);
    }
    for (const screen of screens) {
      expect(screen.length).toBeLessThanOrEqual(182);
      expect(screen).toMatch(/^(CON|END) /);
    }
    return screens;
  }

  const setPin = async (member: { auth: Record<string, string> }, pin = '4321') =>
    call('PUT', '/api/auth/ussd-pin', member.auth, { pin, password: TEST_PASSWORD });

  it('answers only the gateway: another address gets 403', async () => {
    const res = await dial('+254700000001', [], randomUUID(), '203.0.113.9');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only the USSD and SMS gateway may call this');
  });

  it('lets an unknown number choose a language, browse the jobs of a county and learn how to join', async () => {
    const poster = await makeUser(t);
    await makeJob(t, poster, {
      title: 'Mason for a school block',
      location: 'Nakuru',
      company: 'Bidii Builders',
    });
    const screens = await walk('+254799000001', ['2', '1', 'Nakuru', '1', '1']);
    expect(screens[0]).toBe('CON Welcome to Jamii / Karibu Jamii\n1 English\n2 Kiswahili');
    expect(screens[1]).toBe('CON Jamii\n1 Kazi karibu nami\n2 Jiunge na Jamii');
    expect(screens[2]).toBe('CON Kazi karibu nami\nAndika kaunti yako, k.m. Nairobi');
    expect(screens[3]).toContain('Kazi Nakuru\n1 Mason for a school block, Bidii Builders');
    expect(screens[4]).toMatch(/^CON Mason for a school block - Bidii Builders\nNakuru/);
    expect(screens[4]).toContain('1 Omba kazi\n2 Nitumie kazi hii kwa SMS\n0 Rudi');
    expect(screens[5]).toMatch(/^END Jiunge na Jamii ili kuomba/);
  });

  it('says when a county is not one of the 47, and when it has no open jobs', async () => {
    const [, , , unknown] = await walk('+254799000002', ['1', '1', 'Atlantis']);
    expect(unknown).toBe('END "Atlantis" is not one of Kenya\'s 47 counties.');
    const [, , , none] = await walk('+254799000002', ['1', '1', 'Marsabit']);
    expect(none).toBe('CON No open jobs in Marsabit yet.\n8 Another county\n0 Back');
  });

  it('takes a member straight to the jobs of their county, five a screen, with More', async () => {
    const member = await memberWithPhone({ location: 'Kisumu' });
    const poster = await makeUser(t);
    for (let i = 1; i <= 7; i++)
      await makeJob(t, poster, { title: `Kisumu job ${i}`, location: 'Kisumu', minutesAgo: i });
    const [home, first, second] = await walk(member.phone, ['1', '6']);
    expect(home).toBe(
      'CON Jamii\n1 Jobs near me\n2 My bids and offers\n3 Messages\n4 Notifications\n5 My account',
    );
    // Five lines of 27 characters do not fit with the footer in 182: each is cut a little.
    expect(first).toMatch(
      /^CON Jobs in Kisumu\n1 Kisumu job 1, Tujenge…\n(.+\n){4}6 More\n8 Another county\n0 Back$/,
    );
    expect(second).toMatch(
      /^CON Jobs in Kisumu\n1 Kisumu job 6, Tujenge Ltd\n2 Kisumu job 7, Tujenge Ltd\n8 Another county\n0 Back$/,
    );
  });

  it('numbers an answer by the list the person saw though a job came since; a callback that never saw it goes by the list as it is', async () => {
    const poster = await makeUser(t);
    await makeJob(t, poster, { title: 'Tailor in town', location: 'Kitui', minutesAgo: 10 });
    const phone = '+254799000010';
    const sessionId = randomUUID();
    const list = await dial(phone, ['1', '1', 'Kitui'], sessionId);
    expect(list.body).toBe('CON Jobs in Kitui\n1 Tailor in town, Tujenge Ltd\n8 Another county\n0 Back');
    await makeJob(t, poster, { title: 'Welder at the market', location: 'Kitui' });
    const seen = await dial(phone, ['1', '1', 'Kitui', '1'], sessionId);
    expect(seen.body).toMatch(/^CON Tailor in town - Tujenge Ltd\nKitui/);
    // A server instance that never showed this session's list (none is shared) loads it again.
    const elsewhere = await dial(phone, ['1', '1', 'Kitui', '1'], randomUUID());
    expect(elsewhere.body).toMatch(/^CON Welder at the market - Tujenge Ltd\nKitui/);
    // Shown again after an answer that is not a choice, the list is the one of now, and it counts.
    const again = await dial(phone, ['1', '1', 'Kitui', '7'], sessionId);
    expect(again.body).toBe(
      'CON Not a choice here.\nJobs in Kitui\n1 Welder at the market, Tujenge Ltd\n2 Tailor in town, Tujenge Ltd\n8 Another county\n0 Back',
    );
    const picked = await dial(phone, ['1', '1', 'Kitui', '7', '1'], sessionId);
    expect(picked.body).toMatch(/^CON Welder at the market - Tujenge Ltd\nKitui/);
  });

  it('goes back with 0 and home with 00, and shows a screen again after an answer that is not a choice', async () => {
    const member = await memberWithPhone();
    const screens = await walk(member.phone, ['5', '0', '9', '4', '00']);
    expect(screens[1]).toMatch(/^CON My account\n1 Language\n2 SMS notifications: on/);
    expect(screens[2]).toBe(screens[0]);
    expect(screens[3]).toBe(`CON Not a choice here.\n${screens[0]!.slice(4)}`);
    expect(screens[4]).toBe('CON No notifications.\n0 Back');
    expect(screens[5]).toBe(screens[0]);
  });

  it('applies with the PIN, the profile as the note; a second time says it is done', async () => {
    const member = await memberWithPhone({ name: 'Wanjiru Kamau', location: 'Nyeri' });
    await t.db
      .updateTable('users')
      .set({ headline: 'Electrician, 6 years' })
      .where('id', '=', member.id)
      .execute();
    const poster = await makeUser(t);
    const job = await makeJob(t, poster, { title: 'Electrician for a hotel', location: 'Nyeri' });
    expect((await setPin(member)).statusCode).toBe(204);
    const screens = await walk(member.phone, ['1', '1', '1', '4321']);
    expect(screens[3]).toBe('CON Enter your Jamii PIN');
    expect(screens[4]).toBe(
      'END Applied to Electrician for a hotel. Your Jamii profile was sent as your note.',
    );
    const application = await t.db
      .selectFrom('job_applications')
      .selectAll()
      .where('job_id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(application.user_id).toBe(member.id);
    expect(application.message).toBe('Wanjiru Kamau applied by USSD.\nElectrician, 6 years\nNyeri');

    const again = await walk(member.phone, ['1', '1', '1', '4321']);
    expect(again[4]).toBe('END You have already applied for this job.');
  });

  it('locks the PIN for 30 minutes after three wrong ones, even a right one then', async () => {
    const member = await memberWithPhone({ location: 'Embu' });
    const poster = await makeUser(t);
    await makeJob(t, poster, { location: 'Embu' });
    await setPin(member, '1111');
    const tries = [];
    for (const pin of ['2222', '3333', '4444', '1111'])
      tries.push((await walk(member.phone, ['1', '1', '1', pin]))[4]);
    expect(tries).toEqual([
      'END Wrong PIN. 2 tries left.',
      'END Wrong PIN. 1 try left.',
      'END Your PIN is locked for 30 minutes after three wrong tries.',
      'END Your PIN is locked for 30 minutes after three wrong tries.',
    ]);
    const row = await t.db
      .selectFrom('ussd_pins')
      .selectAll()
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    const minutes = (row.locked_until!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    // Once the lock has run out, the right PIN acts again.
    await t.db
      .updateTable('ussd_pins')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('user_id', '=', member.id)
      .execute();
    expect((await walk(member.phone, ['1', '1', '1', '1111']))[4]).toMatch(/^END Applied to /);
  });

  it('sets a first PIN by USSD with a code sent by SMS, once per screen, and then applies with it', async () => {
    const member = await memberWithPhone({ location: 'Nyeri' });
    const poster = await makeUser(t);
    await makeJob(t, poster, { title: 'Plumber for flats', location: 'Nyeri' });
    const sessionId = randomUUID();
    const first = await dial(member.phone, ['1', '1', '1'], sessionId);
    expect(first.body).toBe('CON Set your USSD PIN\nEnter the 6-digit code we sent you by SMS');
    // An answer that is not a code shows the screen again, without a second SMS.
    const again = await dial(member.phone, ['1', '1', '1', 'abc'], sessionId);
    expect(again.body).toBe(
      'CON Not a choice here.\nSet your USSD PIN\nEnter the 6-digit code we sent you by SMS',
    );
    const codes = await outboxTo(member.phone);
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatch(/^Your Jamii code is \d{6}\. It expires in 10 minutes\./);
    const code = /\b(\d{6})\b/.exec(codes[0]!)![1]!;

    const screens = await walk(member.phone, ['1', '1', '1', code, '2468', '2468']);
    expect(screens[4]).toBe('CON Choose a 4-digit PIN');
    expect(screens[5]).toBe('CON Enter the same PIN again');
    expect(screens[6]).toBe('END Your USSD PIN is set. Dial again to use it.');
    expect(await outboxTo(member.phone)).toHaveLength(1);

    const applied = await walk(member.phone, ['1', '1', '1', '2468']);
    expect(applied[3]).toBe('CON Enter your Jamii PIN');
    expect(applied[4]).toBe('END Applied to Plumber for flats. Your Jamii profile was sent as your note.');
    // The code is spent: it cannot set the PIN again.
    const codeRows = await t.db
      .selectFrom('phone_codes')
      .select('used_at')
      .where('phone', '=', member.phone)
      .execute();
    expect(codeRows.map((r) => r.used_at !== null)).toEqual([true]);
  });

  it('refuses a wrong code, two PINs that differ, and an expired code, setting no PIN', async () => {
    const member = await memberWithPhone({ location: 'Embu' });
    const poster = await makeUser(t);
    await makeJob(t, poster, { title: 'Cook for a school', location: 'Embu' });
    await walk(member.phone, ['1', '1', '1']);
    const code = /\b(\d{6})\b/.exec((await outboxTo(member.phone))[0]!)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    const wrongCode = await walk(member.phone, ['1', '1', '1', wrong, '2468', '2468']);
    expect(wrongCode[6]).toBe('END That code is not right. Dial again to try once more.');
    const differ = await walk(member.phone, ['1', '1', '1', code, '2468', '8642']);
    expect(differ[6]).toBe('END The two PINs are not the same. Dial again to start over.');
    expect(
      await t.db.selectFrom('ussd_pins').select('user_id').where('user_id', '=', member.id).execute(),
    ).toEqual([]);

    // The code runs out while the member types it: the screen that asked for it sent no other.
    await t.db
      .updateTable('phone_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('phone', '=', member.phone)
      .execute();
    const expired = await dial(member.phone, ['1', '1', '1', code, '2468', '2468']);
    expect(expired.body).toBe('END That code has expired. Dial again for a new one.');
    expect(await outboxTo(member.phone)).toHaveLength(1);
    expect(
      await t.db.selectFrom('ussd_pins').select('user_id').where('user_id', '=', member.id).execute(),
    ).toEqual([]);
    // Dialling again sends a new code, as the screen said.
    expect((await dial(member.phone, ['1', '1', '1'])).body).toBe(
      'CON Set your USSD PIN\nEnter the 6-digit code we sent you by SMS',
    );
    expect(await outboxTo(member.phone)).toHaveLength(2);
  });

  it('lets an unknown Kenyan number join by USSD: a verified account with its PIN, in its language', async () => {
    const phone = '+254799123456';
    const screens = await walk(phone, ['2', '2', 'Akinyi Otieno', 'Kisumu', '1357', '1357']);
    expect(screens[2]).toBe('CON Jiunge na Jamii\nAndika jina lako kamili');
    expect(screens[3]).toBe('CON Andika kaunti yako, k.m. Nairobi');
    expect(screens[4]).toBe('CON Chagua PIN ya tarakimu 4');
    expect(screens[5]).toMatch(
      /^CON Andika PIN tena ujiunge\. Kujiunga ni kukubali ilani ya faragha kwenye .+\/privacy$/,
    );
    expect(screens[6]).toMatch(/^END Karibu Jamii, Akinyi Otieno! Piga tena utafute kazi\./);
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      name: 'Akinyi Otieno',
      phone_verified: true,
      email: null,
      location: 'Kisumu',
      county: 'Kisumu',
      language: 'sw',
      role: 'member',
    });
    expect(user.username).toMatch(/^@akinyiotie\d{4}$/);
    expect(user.terms_accepted_at).not.toBeNull();

    // The number now names a member: the home menu, in Kiswahili, and the PIN works at once.
    const poster = await makeUser(t);
    await makeJob(t, poster, { title: 'Fundi wa mabomba', location: 'Kisumu' });
    const member = await walk(phone, ['1', '1', '1', '1357']);
    expect(member[0]).toBe(
      'CON Jamii\n1 Kazi karibu nami\n2 Zabuni na ofa zangu\n3 Ujumbe\n4 Arifa\n5 Akaunti yangu',
    );
    expect(member[4]).toMatch(/^END Umeomba Fundi wa mabomba\./);
  });

  it('asks again for a name that is not one, and refuses a county that is not one of the 47 or a number outside Kenya', async () => {
    const badName = await walk('+254799123457', ['1', '2', '<script>', 'A']);
    expect(badName[3]).toBe('CON A name of 2 to 50 letters, please.\nJoin Jamii\nEnter your full name');
    expect(badName[4]).toBe('CON A name of 2 to 50 letters, please.\nJoin Jamii\nEnter your full name');
    const badCounty = await walk('+254799123457', ['1', '2', 'Baraka Mwangi', 'Atlantis']);
    expect(badCounty[4]).toBe('END "Atlantis" is not one of Kenya\'s 47 counties.');
    const foreign = await walk('+255712345678', ['1', '2', 'Baraka Mwangi', 'Mombasa', '1357', '1357']);
    expect(foreign[6]).toBe('END Jamii by USSD joins Kenyan mobile numbers only.');
    expect(
      await t.db
        .selectFrom('users')
        .select('id')
        .where('phone', 'in', ['+254799123457', '+255712345678'])
        .execute(),
    ).toEqual([]);
  });

  it('does not make a second account for a number that has one (a suspended member sees the visitor menu)', async () => {
    const member = await memberWithPhone();
    await t.db.updateTable('users').set({ suspended_at: new Date() }).where('id', '=', member.id).execute();
    // A known number skips the language screen: the member's own language is used.
    const screens = await walk(member.phone, ['2', 'Baraka Mwangi', 'Mombasa', '1357', '1357']);
    expect(screens[0]).toBe('CON Jamii\n1 Jobs near me\n2 Join Jamii');
    expect(screens[5]).toBe('END This number already has a Jamii account. Dial again.');
    const owners = await t.db.selectFrom('users').select('id').where('phone', '=', member.phone).execute();
    expect(owners).toEqual([{ id: member.id }]);
  });

  it('keeps every text of the menu within a screen in both languages', async () => {
    const { USSD_TEXTS, fill } = await import('./ussd.texts');
    const values = {
      site: 'jamii.example.co.ke',
      name: 'N'.repeat(40),
      title: 'T'.repeat(40),
      county: 'Elgeyo-Marakwet',
      text: 'x'.repeat(40),
      price: 'KSh 1,234,567',
      count: 2,
      state: 'off',
      sms: 'off',
    };
    for (const texts of Object.values(USSD_TEXTS))
      for (const [key, text] of Object.entries(texts)) {
        if (typeof text !== 'string') continue;
        const screen = `CON ${texts.invalid}\n${fill(text, values)}`;
        expect(screen.length, key).toBeLessThanOrEqual(182);
      }
  });

  it('sets the PIN on the web only with the password, four digits, signed in', async () => {
    const member = await makeUser(t);
    const wrong = await call('PUT', '/api/auth/ussd-pin', member.auth, { pin: '1234', password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: 'That password is not right' });
    const short = await call('PUT', '/api/auth/ussd-pin', member.auth, {
      pin: '12a4',
      password: TEST_PASSWORD,
    });
    expect(short.json().errors.pin).toBe('Choose a PIN of four digits');
    expect(
      (await call('PUT', '/api/auth/ussd-pin', {}, { pin: '1234', password: TEST_PASSWORD })).statusCode,
    ).toBe(401);
    const stored = await t.db
      .selectFrom('ussd_pins')
      .selectAll()
      .where('user_id', '=', member.id)
      .executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it("lists my bid requests and their offers, and accepts one with the PIN, as the web's accept does", async () => {
    const owner = await memberWithPhone();
    const bidder = await makeUser(t, { name: 'Otieno Fundi' });
    const other = await makeUser(t, { name: 'Akinyi Weaver' });
    const bid = await makeBid(t, owner, { job_title: 'Fix a leaking roof', max_price: 9000 });
    const offer = await makeOffer(t, bid, bidder, {
      offer_price: 7500,
      message: 'Two days, with iron sheets.',
    });
    await makeOffer(t, bid, other, { offer_price: 8000 });
    await setPin(owner, '2580');
    const [, , , list] = await walk(owner.phone, ['2', '1', '1']);
    const choice = /(\d) Otieno Fundi/.exec(list!)![1]!;
    const screens = await walk(owner.phone, ['2', '1', '1', choice, '1', '2580']);
    expect(screens[1]).toBe('CON My bids and offers\n1 My bid requests\n2 Offers I made\n0 Back');
    expect(screens[2]).toBe('CON 1 Fix a leaking roof (2)\n0 Back');
    expect(screens[3]).toContain('Offers on Fix a leaking roof\n');
    expect(screens[3]).toMatch(/Otieno Fundi KSh 7,500/);
    expect(screens[4]).toMatch(
      /^CON Otieno Fundi KSh 7,500\nFix a leaking roof\nTwo days, with iron sheets.\n1 Accept this offer\n0 Back$/,
    );
    expect(screens[6]).toBe("END You accepted Otieno Fundi's offer of KSh 7,500. We told them.");
    const stored = await t.db
      .selectFrom('offers')
      .select('status')
      .where('id', '=', offer.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('accepted');
    const told = await t.db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', bidder.id)
      .execute();
    expect(told.map((n) => n.kind)).toContain('offer_accepted');
  });

  it('reads the latest message and replies with the PIN, a reply that holds a star', async () => {
    const member = await memberWithPhone();
    const friend = await makeUser(t, { name: 'Baraka Ochieng' });
    const opened = await call('POST', '/api/conversations', friend.auth, { username: member.username });
    const conversation = opened.json().id as number;
    await call('POST', `/api/conversations/${conversation}/messages`, friend.auth, {
      body: 'Are you free on Saturday?',
    });
    await setPin(member, '9753');
    const screens = await walk(member.phone, ['3', '1', '1', '9753', 'Yes*after 10am']);
    expect(screens[1]).toBe('CON Messages\n1 *Baraka Ochieng: Are you free on Saturday?\n0 Back');
    expect(screens[2]).toBe('CON Baraka Ochieng\nAre you free on Saturday?\n1 Reply\n0 Back');
    expect(screens[3]).toBe('CON Enter your Jamii PIN');
    expect(screens[4]).toBe('CON Your reply (up to 160 characters)');
    expect(screens[5]).toBe('END Reply sent to Baraka Ochieng.');
    const sent = await t.db
      .selectFrom('messages')
      .select(['body', 'sender_id'])
      .where('conversation_id', '=', conversation)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(sent).toEqual({ body: 'Yes*after 10am', sender_id: member.id });
  });

  it('shows notifications in the member’s language, and changes the language and SMS on My account', async () => {
    const member = await memberWithPhone();
    const fan = await makeUser(t, { name: 'Zawadi Njeri' });
    expect((await call('POST', `/api/users/${member.username}/follow`, fan.auth)).statusCode).toBeLessThan(
      300,
    );
    const [, notices] = await walk(member.phone, ['4']);
    expect(notices).toMatch(/^CON Notifications\n.*Zawadi Njeri/);

    const [, , , saved] = await walk(member.phone, ['5', '1', '2']);
    expect(saved).toBe('END Jamii itazungumza nawe kwa Kiswahili.');
    const [home, , off] = await walk(member.phone, ['5', '2']);
    expect(home).toBe(
      'CON Jamii\n1 Kazi karibu nami\n2 Zabuni na ofa zangu\n3 Ujumbe\n4 Arifa\n5 Akaunti yangu',
    );
    expect(off).toBe('END Arifa za SMS sasa zimezimwa.');
    const row = await t.db
      .selectFrom('users')
      .select(['language', 'sms_stopped'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ language: 'sw', sms_stopped: true });
  });

  it('sends a job by SMS from its screen', async () => {
    const member = await memberWithPhone({ location: 'Machakos' });
    const poster = await makeUser(t);
    const job = await makeJob(t, poster, { title: 'Driver for a tour van', location: 'Machakos' });
    const screens = await walk(member.phone, ['1', '1', '2']);
    expect(screens[3]).toBe('END We sent you an SMS with this job.');
    const outbox = path.join(t.ctx.config.dataDir, 'sms-outbox');
    const texts = await Promise.all(
      (await readdir(outbox)).map((f) => readFile(path.join(outbox, f), 'utf8')),
    );
    const sms = texts.find((text) => text.includes('Driver for a tour van'));
    expect(sms).toContain(`To: ${member.phone}`);
    expect(sms).toContain(`/explore/jobs/${job.id}`);
    expect(sms?.trim().endsWith('STOP to end')).toBe(true);
  });

  it('never shows a screen over 182 characters nor cut short, in either language, for long titles', async () => {
    const long = 'Senior accountant for a large agricultural cooperative society in the highlands';
    const member = await memberWithPhone({ location: 'Kericho', name: 'Chebet Kiprono Langat Arap Mosonik' });
    const poster = await makeUser(t, { name: 'A very long poster name that goes on and on' });
    for (let i = 0; i < 7; i++)
      await makeJob(t, poster, {
        title: `${long} ${i}`,
        company: 'The Kericho Highlands Tea Growers Cooperative Union',
        location: 'Kericho',
        description: 'x '.repeat(400),
      });
    const bid = await makeBid(t, member, { job_title: long });
    await makeOffer(t, bid, poster, { message: 'y'.repeat(900), offer_price: 123456 });
    const conversation = (
      await call('POST', '/api/conversations', poster.auth, { username: member.username })
    ).json().id;
    await call('POST', `/api/conversations/${conversation}/messages`, poster.auth, {
      body: 'z'.repeat(1900),
    });
    const seen = new Set<string>();
    const paths = [
      ['1'],
      ['1', '6'],
      ['1', '1'],
      ['1', '6', '1'],
      ['2', '1'],
      ['2', '1', '1'],
      ['2', '1', '1', '1'],
      ['2', '2'],
      ['3'],
      ['3', '1'],
      ['4'],
      ['5'],
      ['5', '1'],
    ];
    for (const language of ['en', 'sw'] as const) {
      await t.db.updateTable('users').set({ language }).where('id', '=', member.id).execute();
      for (const answers of paths)
        for (const screen of await walk(member.phone, answers)) {
          seen.add(screen);
          expect(screen.length, screen).toBeLessThanOrEqual(182);
          expect(screen.endsWith('…'), screen).toBe(false);
        }
    }
    expect(seen.size).toBeGreaterThan(20);
  });
});

describe('USSD: inbound SMS', () => {
  const sms = (from: string, text: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        from,
        to: '5566',
        text,
        date: '2026-12-02 08:00:00',
        id: randomUUID(),
      }).toString(),
    });

  it('turns SMS off with STOP and on with START, and says so', async () => {
    const member = await memberWithPhone();
    expect((await sms(member.phone, 'stop')).statusCode).toBe(204);
    let row = await t.db
      .selectFrom('users')
      .select('sms_stopped')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.sms_stopped).toBe(true);
    expect((await sms(member.phone, ' START ')).statusCode).toBe(204);
    row = await t.db
      .selectFrom('users')
      .select('sms_stopped')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.sms_stopped).toBe(false);
    expect(await outboxTo(member.phone)).toEqual([
      'You will get no more SMS from Jamii. Send START to get them again. STOP to end',
      'Jamii SMS are on again. STOP to end',
    ]);
  });

  it('answers KAZI or JOBS and a county with its newest jobs, and says how when the county is unknown', async () => {
    const poster = await makeUser(t);
    const job = await makeJob(t, poster, { title: 'Boda rider', location: 'Kakamega' });
    await sms('+254711000777', 'KAZI kakamega');
    await sms('+254711000777', 'jobs Narnia');
    const [jobs, help] = await outboxTo('+254711000777');
    expect(jobs).toContain('Newest jobs in Kakamega: Boda rider (');
    expect(jobs).toContain(`/explore/jobs/${job.id})`);
    expect(help).toBe('Send KAZI and your county, e.g. KAZI Nakuru. STOP to end');
  });

  it('answers only the gateway', async () => {
    expect((await sms('+254711000778', 'STOP', '198.51.100.7')).statusCode).toBe(403);
  });
});
