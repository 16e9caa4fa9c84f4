import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { makeEmailVerificationToken, makeUser, multipart } from '../../test/factories';

// Email verification (docs/design.md#trust-and-safety): a link at signup and on request; single use, expiring.

describe('email verification', () => {
  const t = useTestApp({ env: { PUBLIC_URL: 'http://jamii.test' } });

  const outbox = () => path.join(t.dataDir, 'outbox');
  async function linkTokenFor(to: string) {
    for (let i = 0; i < 100; i++) {
      const files = await readdir(outbox()).catch(() => [] as string[]);
      for (const f of files) {
        const text = await readFile(path.join(outbox(), f), 'utf8');
        const match = /http:\/\/jamii\.test\/verify-email\?token=([\w%-]+)/.exec(text);
        if (text.includes(`To: ${to}`) && match) return decodeURIComponent(match[1]!);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no verification email to ${to}`);
  }
  const verify = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  const me = (auth: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/me', headers: auth });

  it('signup emails a link; the token verifies once, with the work domain', async () => {
    const form = await multipart({
      username: 'otieno_kazi',
      name: 'Brian Otieno',
      email: 'brian@kazi-bora.co.ke',
      location: 'Kisumu',
      password: 'Ziwa-Victoria-77!',
      confirmPassword: 'Ziwa-Victoria-77!',
    });
    const signup = await t.app.inject({ method: 'POST', url: '/api/signup', ...form });
    expect(signup.statusCode).toBe(201);
    expect(signup.json().user).toMatchObject({ email_verified: false, verified_domain: null });
    const token = await linkTokenFor('brian@kazi-bora.co.ke');
    const ok = await verify(token);
    expect(ok.statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_VERIFICATION_TOKEN');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'otieno_kazi', password: 'Ziwa-Victoria-77!' },
    });
    expect(login.json().user).toMatchObject({ email_verified: true, verified_domain: 'kazi-bora.co.ke' });

    // Jobs and bids carry the poster's badge.
    const auth = { authorization: `Bearer ${login.json().token as string}` };
    const job = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: auth,
      payload: { title: 'Data clerk', company: 'Kazi Bora', location: 'Kisumu', type: 'Contract' },
    });
    expect(job.statusCode).toBe(201);
    expect(job.json()).toMatchObject({ poster_verified: true });
    const bid = await t.app.inject({
      method: 'POST',
      url: '/api/bids',
      headers: auth,
      payload: { job_title: 'Shop signboard', max_price: 8000 },
    });
    expect(bid.statusCode).toBe(201);
    expect(bid.json()).toMatchObject({ poster_verified: true });
    const stranger = await makeUser(t);
    const bids = await t.app.inject({ method: 'GET', url: '/api/bids', headers: stranger.auth });
    expect(bids.json().find((b: { id: number }) => b.id === bid.json().id)).toMatchObject({
      poster_verified: true,
    });
  });

  it('refuses a wrong or expired token', async () => {
    expect((await verify('not-a-real-token')).statusCode).toBe(400);
    const member = await makeUser(t);
    const expired = await makeEmailVerificationToken(t, member, new Date(Date.now() - 1000));
    expect((await verify(expired)).statusCode).toBe(400);
    expect((await me(member.auth)).json()).toMatchObject({ email_verified: false });
  });

  it('resends a link to the signed-in member only; a personal address verifies without a domain', async () => {
    const member = await makeUser(t);
    await t.db
      .updateTable('users')
      .set({ email: 'mwangi.k@gmail.com' })
      .where('id', '=', member.id)
      .execute();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend' })).statusCode).toBe(
      401,
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email/resend',
      headers: member.auth,
    });
    expect(sent.statusCode).toBe(200);
    expect((await verify(await linkTokenFor('mwangi.k@gmail.com'))).statusCode).toBe(200);
    expect((await me(member.auth)).json()).toMatchObject({ email_verified: true, verified_domain: null });
  });
});
