import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeJpeg, makeUser, multipart, TEST_PASSWORD } from '../../test/factories';
import { FORGOT_PASSWORD_MESSAGE, RESET_DONE_MESSAGE } from './auth.service';

const SIGNUP = {
  username: 'wanjiru_n',
  name: 'Wanjiru Njoroge',
  email: 'wanjiru@tujenge.co.ke',
  location: 'Nairobi, Kenya',
  bio: 'Quantity surveyor.',
  password: 'Mlima-Kenya-99!',
  confirmPassword: 'Mlima-Kenya-99!',
};
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

function cookieOf(res: { cookies: { name: string; value: string; expires?: Date }[] }) {
  return res.cookies.find((c) => c.name === 'jamii_rt');
}

describe('accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_USERNAMES: 'boss_kamau' } });
  });
  afterAll(() => t.close());

  const signup = async (fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) =>
    t.app.inject({ method: 'POST', url: '/api/signup', ...(await multipart(fields, file)) });
  const login = (username: string, password: string, rememberMe = false) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password, rememberMe } });

  describe('POST /api/signup', () => {
    it('creates a member with the username stored with @ and answers { user } without secrets', async () => {
      const res = await signup(SIGNUP);
      expect(res.statusCode).toBe(201);
      const { user } = res.json();
      expect(user).toMatchObject({
        username: '@wanjiru_n',
        name: 'Wanjiru Njoroge',
        location: 'Nairobi, Kenya',
        role: 'member',
        profile_pic: null,
      });
      expect(user.email).toBe('wanjiru@tujenge.co.ke');
      expect(res.body).not.toContain('password');
      expect(res.body).not.toContain('argon2');
    });

    it('refuses a taken username or email whatever the case, with 409', async () => {
      const dupName = await signup({ ...SIGNUP, username: 'WANJIRU_N', email: 'other@tujenge.co.ke' });
      expect(dupName.statusCode).toBe(409);
      expect(dupName.json().code).toBe('USERNAME_TAKEN');
      const dupEmail = await signup({ ...SIGNUP, username: 'wanjiru_two', email: 'Wanjiru@Tujenge.co.ke' });
      expect(dupEmail.statusCode).toBe(409);
      expect(dupEmail.json().code).toBe('EMAIL_TAKEN');
    });

    it('applies the SPEC rules with their messages', async () => {
      const res = await signup({
        ...SIGNUP,
        username: 'admin_joe',
        email: 'joe@gmail.com',
        confirmPassword: 'different-Pass-1!',
      });
      expect(res.statusCode).toBe(400);
      const { code, errors } = res.json();
      expect(code).toBe('VALIDATION_FAILED');
      expect(errors.username).toBe('*Cannot use admin, support, etc.');
      expect(errors.email).toBe('*Personal email providers not allowed');
      expect(errors.confirmPassword).toBe('*Must match password');
    });

    it('makes a member named in ADMIN_USERNAMES an admin', async () => {
      const res = await signup({
        ...SIGNUP,
        username: 'boss_kamau',
        name: 'Boss Kamau',
        email: 'boss@tujenge.co.ke',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().user.role).toBe('admin');
    });

    it('re-encodes a profile picture to WebP of at most 512 px without its metadata', async () => {
      const res = await signup(
        { ...SIGNUP, username: 'picha_one', email: 'picha@tujenge.co.ke' },
        { field: 'profile_pic', filename: 'me.jpg', data: await makeJpeg(1600, 1200), type: 'image/jpeg' },
      );
      expect(res.statusCode).toBe(201);
      const url: string = res.json().user.profile_pic;
      expect(url).toMatch(/^\/media\/avatars\/.+\.webp$/);
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width!, meta.height!)).toBe(512);
      expect(meta.exif).toBeUndefined();
      expect(file.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
    });

    it('refuses a file that is not an image whatever its name and type (415), creating nothing', async () => {
      const res = await signup(
        { ...SIGNUP, username: 'fake_pic', email: 'fake@tujenge.co.ke' },
        {
          field: 'profile_pic',
          filename: 'me.png',
          data: Buffer.from('just some text, not a picture'),
          type: 'image/png',
        },
      );
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      const row = await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', '@fake_pic')
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it('refuses a picture over 5 MB with 413', async () => {
      const big = Buffer.concat([await makeJpeg(200, 200), Buffer.alloc(5 * 1024 * 1024 + 10)]);
      const res = await signup(
        { ...SIGNUP, username: 'big_pic', email: 'big@tujenge.co.ke' },
        { field: 'profile_pic', filename: 'me.jpg', data: big, type: 'image/jpeg' },
      );
      expect(res.statusCode).toBe(413);
    });
  });

  describe('POST /api/login', () => {
    it('logs in with or without the @ and answers { token, user } with a refresh cookie', async () => {
      for (const username of ['wanjiru_n', '@wanjiru_n', 'Wanjiru_N']) {
        const res = await login(username, SIGNUP.password);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.token).toMatch(/^ey/);
        expect(body.user.username).toBe('@wanjiru_n');
        const me = await t.app.inject({
          method: 'GET',
          url: '/api/me',
          headers: { authorization: `Bearer ${body.token}` },
        });
        expect(me.statusCode).toBe(200);
        expect(me.json().username).toBe('@wanjiru_n');
      }
    });

    it('sets an httpOnly SameSite=Strict cookie on /api, persistent only with Remember Me', async () => {
      const session = cookieOf(await login('wanjiru_n', SIGNUP.password, false))!;
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
      expect(session.expires).toBeUndefined();
      const remembered = cookieOf(await login('wanjiru_n', SIGNUP.password, true)) as { expires?: Date };
      const days = (remembered.expires!.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
    });

    it('answers a wrong password and an unknown user alike, and tells the owner about the failure', async () => {
      const wrong = await login('wanjiru_n', 'Wrong-Password-1!');
      const unknown = await login('nobody_here', 'Wrong-Password-1!');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().message).toBe('Invalid username or password');
      const owner = await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', '@wanjiru_n')
        .executeTakeFirstOrThrow();
      const notes = await t.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', owner.id)
        .execute();
      expect(notes.some((n) => n.message === 'Login failed' && n.type === 'error')).toBe(true);
      expect(
        notes.some((n) => n.message.startsWith('Account Logged In successfully at ') && n.type === 'success'),
      ).toBe(true);
    });

    it('checks the login form rules', async () => {
      const res = await login('', '');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject({
        username: '*User name is required',
        password: '*Password is required',
      });
      const short = await login('wanjiru_n', 'short');
      expect(short.json().errors.password).toBe('*Password too short');
    });
  });

  describe('identity: /me and /api/me', () => {
    it('answers 401 without a token, with a bad one and with an expired one', async () => {
      const member = await makeUser(t);
      const expired = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(member.id))
        .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(new TextEncoder().encode(t.ctx.jwtSecret));
      for (const headers of [
        {},
        { authorization: 'Bearer nonsense' },
        { authorization: `Bearer ${expired}` },
      ]) {
        for (const url of ['/me', '/api/me']) {
          const res = await t.app.inject({ method: 'GET', url, headers });
          expect(res.statusCode).toBe(401);
          expect(res.json().code).toBe('UNAUTHORIZED');
        }
      }
      const ok = await t.app.inject({ method: 'GET', url: '/me', headers: member.auth });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().id).toBe(member.id);
    });
  });

  describe('POST /api/refresh and /api/logout', () => {
    const refresh = (value: string | undefined, headers: Record<string, string> = XHR) =>
      t.app.inject({
        method: 'POST',
        url: '/api/refresh',
        headers,
        cookies: value ? { jamii_rt: value } : {},
      });

    it('rotates the refresh token, and a reused one ends the whole session', async () => {
      const first = cookieOf(await login('wanjiru_n', SIGNUP.password))!.value;
      const r1 = await refresh(first);
      expect(r1.statusCode).toBe(200);
      expect(r1.json().token).toMatch(/^ey/);
      const second = cookieOf(r1)!.value;
      expect(second).not.toBe(first);
      // The first token is presented again: theft is assumed and the family revoked.
      expect((await refresh(first)).statusCode).toBe(401);
      expect((await refresh(second)).statusCode).toBe(401);
    });

    it('requires the X-Requested-With header and refuses a foreign Origin', async () => {
      const value = cookieOf(await login('wanjiru_n', SIGNUP.password))!.value;
      expect((await refresh(value, {})).statusCode).toBe(403);
      expect((await refresh(value, { ...XHR, origin: 'https://evil.example' })).statusCode).toBe(403);
      expect((await refresh(value, { ...XHR, origin: 'http://localhost:3000' })).statusCode).toBe(200);
    });

    it('answers 401 without a cookie', async () => {
      expect((await refresh(undefined)).statusCode).toBe(401);
    });

    it('logout ends the session', async () => {
      const value = cookieOf(await login('wanjiru_n', SIGNUP.password))!.value;
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: XHR,
        cookies: { jamii_rt: value },
      });
      expect(out.statusCode).toBe(204);
      expect((await refresh(value)).statusCode).toBe(401);
    });
  });

  describe('password reset', () => {
    const outbox = () => path.join(t.dataDir, 'outbox');
    async function waitForMail(to: string) {
      for (let i = 0; i < 100; i++) {
        const files = await readdir(outbox()).catch(() => [] as string[]);
        for (const f of files) {
          const text = await readFile(path.join(outbox(), f), 'utf8');
          if (text.includes(`To: ${to}`)) return text;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no email to ${to}`);
    }
    const forgot = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const reset = (token: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });

    it('answers the same for a known and an unknown email', async () => {
      const known = await forgot('wanjiru@tujenge.co.ke');
      const unknown = await forgot('nobody@tujenge.co.ke');
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({ status: 'success', message: FORGOT_PASSWORD_MESSAGE });
      expect(unknown.json()).toEqual(known.json());
    });

    it('emails a single-use link that sets a new password under the signup policy and ends every session', async () => {
      const oldCookie = cookieOf(await login('wanjiru_n', SIGNUP.password))!.value;
      await forgot('wanjiru@tujenge.co.ke');
      const mail = await waitForMail('wanjiru@tujenge.co.ke');
      const token = decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(mail)![1]!);

      const weak = await reset(token, 'short1!A');
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors.password).toBeTypeOf('string');
      const withName = await reset(token, 'Wanjiru-Strong-77!');
      expect(withName.json().errors.password).toBe('*Cannot contain name/username');

      const done = await reset(token, 'Mpya-Kabisa-2024!');
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ message: RESET_DONE_MESSAGE });
      expect((await reset(token, 'Mpya-Tena-2024!?')).statusCode).toBe(400);

      expect((await login('wanjiru_n', SIGNUP.password)).statusCode).toBe(401);
      expect((await login('wanjiru_n', 'Mpya-Kabisa-2024!')).statusCode).toBe(200);
      const stale = await t.app.inject({
        method: 'POST',
        url: '/api/refresh',
        headers: XHR,
        cookies: { jamii_rt: oldCookie },
      });
      expect(stale.statusCode).toBe(401);
    });

    it('refuses an expired or unknown token', async () => {
      const member = await makeUser(t);
      await forgot(member.email);
      const mail = await waitForMail(member.email);
      const token = decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(mail)![1]!);
      await t.db
        .updateTable('password_reset_tokens')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('user_id', '=', member.id)
        .execute();
      expect((await reset(token, 'Mpya-Kabisa-2024!')).json().code).toBe('INVALID_RESET_TOKEN');
      expect((await reset('made-up', 'Mpya-Kabisa-2024!')).statusCode).toBe(400);
      expect((await login(member.username, TEST_PASSWORD)).statusCode).toBe(200);
    });
  });
});

describe('account rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMITS: 'on' } });
  });
  afterAll(() => t.close());

  it('allows 10 login attempts per username per 15 minutes, then 429 with Retry-After', async () => {
    const member = await makeUser(t);
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: member.username, password: 'Wrong-Pass-123' },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.username, password: TEST_PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('allows 5 sign-ups per address per 30 minutes', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: { ...SIGNUP, username: `rate_user${i}`, email: `r${i}@tujenge.co.ke` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('allows 5 reset emails per address per hour', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/forgot-password',
            payload: { email: 'same@tujenge.co.ke' },
          })
        ).statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
