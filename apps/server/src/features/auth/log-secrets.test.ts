import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeJpeg, multipart } from '../../test/factories';
import { useTestApp } from '../../test/use-test-app';

// Logs never hold passwords, tokens, cookies or reset links (docs/features/your-data.md, STYLE rule 10): every log
// line the app writes at its most talkative level (trace) across signup, login, refresh, a password
// reset asked for and completed, a change of password and logout is searched for each secret.

const PASSWORDS = ['Mlima-Kenya-2026!', 'Ziwa-Victoria-2027?', 'Pwani-Mombasa-2028#'];

describe('the logs across an account’s life', () => {
  const logs: string[] = [];
  const t = useTestApp({
    env: { LOG_LEVEL: 'trace' },
    logStream: { write: (line: string) => void logs.push(line) },
  });

  async function mailsTo(address: string, link: string) {
    await t.app.background.settled();
    const dir = path.join(t.dataDir, 'outbox');
    const texts = await Promise.all((await readdir(dir)).map((f) => readFile(path.join(dir, f), 'utf8')));
    return texts.filter((text) => text.includes(`To: ${address}`) && text.includes(link));
  }
  const tokenIn = (mail: string, link: string) =>
    decodeURIComponent(new RegExp(`${link}\\?token=([\\w%-]+)`).exec(mail)![1]!);
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    /jamii_rt=([^;]+)/.exec(String(res.headers['set-cookie']))![1]!;

  it('holds none of the passwords, tokens, cookies or links', async () => {
    const email = 'achieng@mawingu.co.ke';
    const secrets: string[] = [...PASSWORDS];
    const form = await multipart(
      {
        username: 'achieng_o',
        name: 'Achieng Odhiambo',
        email,
        password: PASSWORDS[0]!,
        confirmPassword: PASSWORDS[0]!,
      },
      { field: 'profile_pic', filename: 'me.jpg', data: await makeJpeg(200, 200), type: 'image/jpeg' },
    );
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: form.headers,
      payload: form.payload,
    });
    expect(signup.statusCode).toBe(201);
    const [verification] = await mailsTo(email, '/verify-email');
    secrets.push(tokenIn(verification!, '/verify-email'));

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'achieng_o', password: PASSWORDS[0], rememberMe: true },
    });
    expect(login.statusCode).toBe(200);
    const cookie = cookieOf(login);
    secrets.push(login.json().token, cookie);

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      headers: { cookie: `jamii_rt=${cookie}`, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(refresh.statusCode).toBe(200);
    const token = refresh.json().token as string;
    secrets.push(token, cookieOf(refresh));

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'achieng_o', password: 'Not-The-Password-1!' },
    });
    expect(wrong.statusCode).toBe(401);
    secrets.push('Not-The-Password-1!');

    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } }))
        .statusCode,
    ).toBe(200);
    const [resetMail] = await mailsTo(email, '/reset-password');
    const resetToken = tokenIn(resetMail!, '/reset-password');
    secrets.push(resetToken, /(http\S+\/reset-password\?token=\S+)/.exec(resetMail!)![1]!);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: PASSWORDS[1] },
    });
    expect(reset.statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'achieng_o', password: PASSWORDS[1] },
    });
    const fresh = again.json().token as string;
    secrets.push(fresh, cookieOf(again));
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { authorization: `Bearer ${fresh}` },
      payload: {
        current_password: PASSWORDS[1],
        password: PASSWORDS[2],
        confirmPassword: PASSWORDS[2],
        sign_out_others: true,
      },
    });
    expect(change.statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: {
        authorization: `Bearer ${fresh}`,
        cookie: `jamii_rt=${cookieOf(again)}`,
        'x-requested-with': 'XMLHttpRequest',
      },
    });
    expect(logout.statusCode).toBeLessThan(300);
    await t.app.background.settled();

    // The logs were written (a line per request at least), and they name none of the secrets.
    expect(logs.length).toBeGreaterThan(20);
    const text = logs.join('');
    expect(text).toContain('member signed up');
    expect(text).toContain('"url":"/api/auth/reset-password"');
    expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);
    for (const word of ['password_hash', '$argon2', 'jamii_rt=', 'Bearer ', '?token='])
      expect(text).not.toContain(word);
  });
});
