import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAfricasTalkingStandIn, type AfricasTalkingStandIn } from '../../test/africastalking-stand-in';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeUser, multipart, TEST_PASSWORD } from '../../test/factories';

// Phones as identity, through the SMS stand-in: each code is read from the SMS it arrived in.

const PASSWORD = 'Shamba-Kijani-2026!';
let at: AfricasTalkingStandIn;
let t: TestApp;
let time = new Date('2026-03-02T08:00:00Z');
const logs: string[] = [];
let serial = 0;
/** A fresh Kenyan mobile number for each test, so their hourly caps never meet. */
const newNumber = () => `+2547${String(10_000_000 + ++serial * 7919).slice(-8)}`;
const minutes = (n: number) => (time = new Date(time.getTime() + n * 60_000));

beforeAll(async () => {
  at = await startAfricasTalkingStandIn();
  t = await buildTestApp({
    env: { SMS_URL: at.smsUrl, LOG_LEVEL: 'trace' },
    clock: () => time,
    logStream: { write: (line: string) => void logs.push(line) },
  });
  // Building the app on a shared, busy machine may take longer than the default minute.
}, 300_000);
afterAll(async () => {
  await t.close();
  await at.stop();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const start = (phone: string, headers?: Record<string, string>) =>
  post('/api/auth/phone/start', { phone }, headers);
const verify = (phone: string, code: string, headers?: Record<string, string>) =>
  post('/api/auth/phone/verify', { phone, code }, headers);

/** Asks for a code and reads it from the SMS the stand-in received. */
async function codeFor(phone: string, headers?: Record<string, string>) {
  const sent = at.messages.length;
  const res = await start(phone, headers);
  expect(res.statusCode, res.body).toBe(200);
  const [, sms] = [0, (await at.waitForMessages(sent + 1))[sent]!];
  expect(sms.to).toBe(phone);
  return /\b(\d{6})\b/.exec(sms.message)![1]!;
}
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function signupWith(token: string, username: string) {
  const form = await multipart({
    username,
    name: 'Otieno Barasa',
    signup_token: token,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  return t.app.inject({ method: 'POST', url: '/api/signup', ...form });
}

describe('POST /api/auth/phone/start', () => {
  it('sends a six-digit code that expires in 10 minutes, as typed in any Kenyan form', async () => {
    const phone = newNumber();
    const local = `0${phone.slice(4, 7)} ${phone.slice(7, 10)} ${phone.slice(10)}`;
    const res = await start(local);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'We sent a six-digit code to your phone.',
      phone,
      expires_in: 600,
    });
    const sms = at.messages.at(-1)!;
    expect(sms.to).toBe(phone);
    expect(sms.message).toMatch(/^Your Jamii code is \d{6}\. It expires in 10 minutes\./);
  });

  it('refuses what is not a Kenyan mobile number', async () => {
    const res = await start('020 222 2222');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ phone: '*Enter a Kenyan phone number, e.g. 0712 345 678' });
  });

  it('sends 3 codes an hour per number, then 429 with Retry-After until the hour has passed', async () => {
    const phone = newNumber();
    for (let i = 0; i < 3; i++) {
      expect((await start(phone)).statusCode).toBe(200);
      minutes(10);
    }
    const before = at.messages.length;
    const refused = await start(phone);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many codes for this number. Try again in an hour.',
    });
    expect(refused.headers['retry-after']).toBe(String(30 * 60));
    expect(at.messages.length).toBe(before);
    // Another number is not held back by this one.
    expect((await start(newNumber())).statusCode).toBe(200);
    minutes(31);
    expect((await start(phone)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/phone/verify', () => {
  it('a newcomer gets a signup token, joins with it and no email, then logs in with the phone', async () => {
    const phone = newNumber();
    const proved = await verify(phone, await codeFor(phone));
    expect(proved.statusCode).toBe(200);
    const { signup_token: token, ...rest } = proved.json();
    expect(token).toEqual(expect.any(String));
    expect(rest).toEqual({ phone, expires_in: 1800 });

    const joined = await signupWith(token, 'otieno_b');
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json().user).toMatchObject({ username: '@otieno_b', phone, phone_verified: true });
    expect(joined.json().user.email).toBeUndefined();

    // Single use.
    const again = await signupWith(token, 'otieno_c');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'INVALID_SIGNUP_TOKEN',
      errors: { signup_token: 'Your phone verification has expired. Verify your number again.' },
    });

    for (const typed of [phone, `0${phone.slice(4)}`]) {
      const login = await post('/api/login', { username: typed, password: PASSWORD });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json().user.username).toBe('@otieno_b');
    }
  });

  it('signs the verified owner in when signed out, with the refresh cookie', async () => {
    const owner = await makeUser(t);
    const phone = newNumber();
    expect((await verify(phone, await codeFor(phone, owner.auth), owner.auth)).statusCode).toBe(200);
    const res = await verify(phone, await codeFor(phone));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      token: expect.any(String),
      user: { id: owner.id, phone_verified: true },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/jamii_rt=/);
    const me = await t.app.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(me.json().id).toBe(owner.id);
  });

  it('marks a signed-in member’s number verified, shown in /api/me', async () => {
    const member = await makeUser(t);
    const phone = newNumber();
    const res = await verify(phone, await codeFor(phone, member.auth), member.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      phone_verified: true,
      user: { id: member.id, phone, phone_verified: true },
    });
    const me = await t.app.inject({ url: '/api/me', headers: member.auth });
    expect(me.json()).toMatchObject({ phone, phone_verified: true });
    // Typing another number in the profile is not proving it.
    const other = newNumber();
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${member.id}`,
      headers: member.auth,
      payload: { phone: other },
    });
    expect((await t.app.inject({ url: '/api/me', headers: member.auth })).json()).toMatchObject({
      phone: other,
      phone_verified: false,
    });
  });

  it('refuses another member’s verified number, both asking and proving (409)', async () => {
    const owner = await makeUser(t);
    const other = await makeUser(t);
    const phone = newNumber();
    await verify(phone, await codeFor(phone, owner.auth), owner.auth);
    const asked = await start(phone, other.auth);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({
      code: 'PHONE_TAKEN',
      message: 'That phone number is already used by another account',
    });
    // A code asked signed out (it would sign the owner in) does not hand the number to another member.
    const proved = await verify(phone, await codeFor(phone), other.auth);
    expect(proved.statusCode).toBe(409);
    expect((await t.app.inject({ url: '/api/me', headers: other.auth })).json().phone_verified).toBe(false);
  });

  it('answers a wrong code 400, and after 5 wrong tries the code is dead (429), the right one too', async () => {
    const phone = newNumber();
    const code = await codeFor(phone);
    for (let i = 1; i <= 4; i++) {
      const res = await verify(phone, otherCode(code));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'PHONE_CODE_WRONG',
        errors: { code: 'That code is not correct' },
      });
    }
    const fifth = await verify(phone, otherCode(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({
      code: 'PHONE_CODE_TRIES',
      message: 'Too many wrong codes. Ask for a new one.',
    });
    expect((await verify(phone, code)).statusCode).toBe(429);
    // A new code works.
    expect((await verify(phone, await codeFor(phone))).statusCode).toBe(200);
  });

  it('refuses a code after 10 minutes, one already used, one never sent, and one replaced by a newer', async () => {
    const phone = newNumber();
    const code = await codeFor(phone);
    minutes(10);
    const expired = await verify(phone, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: 'PHONE_CODE_EXPIRED',
      message: 'This code has expired or was never sent. Ask for a new one.',
    });
    const fresh = await codeFor(phone);
    minutes(9);
    expect((await verify(phone, fresh)).statusCode).toBe(200);
    expect((await verify(phone, fresh)).json().code).toBe('PHONE_CODE_EXPIRED');
    expect((await verify(newNumber(), '123456')).json().code).toBe('PHONE_CODE_EXPIRED');
    minutes(60);
    const older = await codeFor(phone);
    const newer = await codeFor(phone);
    if (older !== newer) expect((await verify(phone, older)).json().code).toBe('PHONE_CODE_WRONG');
    expect((await verify(phone, newer)).statusCode).toBe(200);
  });

  it('refuses a code that is not six digits before looking', async () => {
    const res = await verify(newNumber(), '12345');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ code: '*Enter the six-digit code' });
  });
});

describe('signup and login around phones', () => {
  it('keeps the company-email rule for email signups', async () => {
    const form = await multipart({
      username: 'wanjiku_k',
      name: 'Wanjiku Kamau',
      email: 'wanjiku@gmail.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', ...form });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ email: '*Personal email providers not allowed' });
  });

  it('refuses a made-up signup token, and one whose 30 minutes have passed', async () => {
    expect((await signupWith('not-a-token', 'kamau_a')).json().code).toBe('INVALID_SIGNUP_TOKEN');
    const phone = newNumber();
    const { signup_token: token } = (await verify(phone, await codeFor(phone))).json();
    minutes(31);
    const late = await signupWith(token, 'kamau_b');
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('INVALID_SIGNUP_TOKEN');
  });

  it('logs in by email too, and not by a number that is only typed in a profile', async () => {
    const member = await makeUser(t);
    const byEmail = await post('/api/login', {
      username: member.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().user.id).toBe(member.id);
    const phone = newNumber();
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${member.id}`,
      headers: member.auth,
      payload: { phone },
    });
    const byTyped = await post('/api/login', { username: phone, password: TEST_PASSWORD });
    expect(byTyped.statusCode).toBe(401);
    expect(byTyped.json().message).toBe('Invalid username or password');
  });

  it('a member who joined by phone cannot drop or retype it in the profile', async () => {
    const phone = newNumber();
    const { signup_token: token } = (await verify(phone, await codeFor(phone))).json();
    const joined = await signupWith(token, 'njeri_w');
    const login = await post('/api/login', { username: phone, password: PASSWORD });
    const auth = { authorization: `Bearer ${login.json().token}` };
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${joined.json().user.id}`,
      headers: auth,
      payload: { phone: null },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      phone: 'You sign in with this number. To change it, verify your new number in Settings.',
    });
  });

  it('never writes a code or a signup token to the logs', async () => {
    const phone = newNumber();
    const code = await codeFor(phone);
    const { signup_token: token } = (await verify(phone, code)).json();
    await t.app.background.settled();
    const all = logs.join('\n');
    expect(all).toContain('phone code sent');
    expect(all).not.toContain(code);
    expect(all).not.toContain(token);
  });
});
