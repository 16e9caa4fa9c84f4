import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { makeResetToken, makeUser, TEST_PASSWORD } from '../../test/factories';

// Fair lockouts, change password and active sessions (docs/design.md#trust-and-safety).

const NEW_PASSWORD = 'Mpya-Kabisa-2024!';

describe('fair lockouts', () => {
  const t = useTestApp({ env: { RATE_LIMITS: 'on' } });

  // A different address each time, so only the per-username count can refuse.
  let n = 0;
  const login = (username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: `10.9.${(n += 1) >> 8}.${n & 255}`,
      payload: { username, password },
    });

  it('counts correct logins not at all: the 11th correct login in a row is welcome', async () => {
    const member = await makeUser(t);
    for (let i = 0; i < 12; i++) expect((await login(member.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('after 10 failures answers 429 saying how many minutes remain, with Retry-After', async () => {
    const member = await makeUser(t);
    for (let i = 0; i < 10; i++)
      expect((await login(member.username, 'Wrong-Pass-123')).statusCode).toBe(401);
    const blocked = await login(member.username, TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many failed attempts. Try again in 15 minutes.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('a correct login clears the failures counted so far', async () => {
    const member = await makeUser(t);
    for (let i = 0; i < 9; i++) await login(member.username, 'Wrong-Pass-123');
    expect((await login(member.username, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(member.username, 'Wrong-Pass-123')).statusCode).toBe(401);
    expect((await login(member.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a password reset clears the count of a locked username', async () => {
    const member = await makeUser(t);
    for (let i = 0; i < 10; i++) await login(member.username, 'Wrong-Pass-123');
    expect((await login(member.username, TEST_PASSWORD)).statusCode).toBe(429);
    const token = await makeResetToken(t, member.id);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(member.username, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('change password and active sessions', () => {
  const t = useTestApp();

  const login = async (
    username: string,
    password = TEST_PASSWORD,
    ua = 'Mozilla/5.0 (Linux; Android 13)',
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'user-agent': ua },
      payload: { username, password },
    });
    expect(res.statusCode).toBe(200);
    return { authorization: `Bearer ${res.json().token as string}` };
  };
  const me = (auth: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/me', headers: auth });
  const change = (auth: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: auth, payload });

  it('refuses a wrong current password with a field error, and a weak new one', async () => {
    const member = await makeUser(t);
    const wrong = await change(member.auth, {
      current_password: 'Not-My-Pass-1!',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      sign_out_others: false,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ current_password: 'Your current password is not correct' });
    const weak = await change(member.auth, {
      current_password: TEST_PASSWORD,
      password: 'short',
      confirmPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toEqual(expect.any(String));
    const mismatch = await change(member.auth, {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}x`,
    });
    expect(mismatch.json().errors.confirmPassword).toBe('Passwords must match');
    const anonymous = await change(
      {},
      {
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
    );
    expect(anonymous.statusCode).toBe(401);
  });

  it('changes the password, signs the other sessions out when asked, and emails a notice', async () => {
    const member = await makeUser(t);
    const here = await login(member.username);
    const elsewhere = await login(member.username);
    const res = await change(here, {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      sign_out_others: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been changed.' });
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(member.auth)).statusCode).toBe(401);
    await login(member.username, NEW_PASSWORD);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.username, password: TEST_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
  });

  it('keeps the other sessions when not asked to end them', async () => {
    const member = await makeUser(t);
    const here = await login(member.username);
    const res = await change(here, {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect((await me(member.auth)).statusCode).toBe(200);
  });

  it('lists my sessions with device and times, marks the current one, and revokes one of mine only', async () => {
    const member = await makeUser(t);
    const phone = await login(member.username, TEST_PASSWORD, 'Phone browser');
    const laptop = await login(member.username, TEST_PASSWORD, 'Laptop browser');
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: laptop });
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as { id: string; user_agent: string; current: boolean }[];
    expect(sessions).toHaveLength(3);
    for (const s of sessions)
      expect(Object.keys(s).sort()).toEqual(['created_at', 'current', 'id', 'last_used_at', 'user_agent']);
    expect(sessions.filter((s) => s.current).map((s) => s.user_agent)).toEqual(['Laptop browser']);
    const phoneSession = sessions.find((s) => s.user_agent === 'Phone browser')!;

    const other = await makeUser(t);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${phoneSession.id}`,
      headers: other.auth,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await me(phone)).statusCode).toBe(200);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions/00000000-0000-4000-8000-000000000000',
      headers: laptop,
    });
    expect(unknown.statusCode).toBe(404);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${phoneSession.id}`,
      headers: laptop,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: laptop });
    expect(after.json().map((s: { id: string }) => s.id)).not.toContain(phoneSession.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
  });
});
