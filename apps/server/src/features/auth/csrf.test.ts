import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { makeUser, TEST_PASSWORD } from '../../test/factories';
import { XHR } from '../../test/session-cookie';

// CSRF on the calls the refresh cookie alone authenticates (docs/security.md#hostile-input, docs/design.md#api-conventions): /api/refresh
// and /api/logout answer only our own pages, and over https the cookie is a __Host- cookie.

for (const scheme of ['http', 'https'] as const) {
  describe(`the refresh cookie over ${scheme}`, () => {
    const publicUrl = `${scheme}://jamii.test`;
    const cookieName = scheme === 'https' ? '__Host-jamii_rt' : 'jamii_rt';
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: { PUBLIC_URL: publicUrl } });
    });
    afterAll(() => t.close());

    async function logIn() {
      const member = await makeUser(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: member.username, password: TEST_PASSWORD, rememberMe: true },
      });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === cookieName);
      expect(cookie).toBeDefined();
      return cookie!;
    }
    const call = (url: '/api/refresh' | '/api/logout', value: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url, headers, cookies: { [cookieName]: value } });

    it(`is named ${cookieName}, HttpOnly, SameSite=Strict${scheme === 'https' ? ', Secure, Path=/ and without Domain' : ''}`, async () => {
      const cookie = await logIn();
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Strict');
      expect(Boolean(cookie.secure)).toBe(scheme === 'https');
      expect(cookie.path).toBe(scheme === 'https' ? '/' : '/api');
      expect(cookie.domain).toBeUndefined();
    });

    for (const url of ['/api/refresh', '/api/logout'] as const) {
      it(`${url} refuses a call without X-Requested-With, from a foreign Origin or cross-site, and the login survives`, async () => {
        const cookie = await logIn();
        const refused: Record<string, string>[] = [
          {},
          { 'x-requested-with': 'fetch' },
          { ...XHR, origin: 'https://evil.example' },
          { ...XHR, origin: `${scheme}://jamii.test.evil.example` },
          { ...XHR, 'sec-fetch-site': 'cross-site' },
          { ...XHR, origin: publicUrl, 'sec-fetch-site': 'cross-site' },
        ];
        for (const headers of refused) {
          const res = await call(url, cookie.value, headers);
          expect(res.statusCode, JSON.stringify(headers)).toBe(403);
          expect(res.json()).toEqual({
            code: 'FORBIDDEN',
            message: 'This request must come from the Jamii app',
          });
          // A refused call neither rotates nor clears the cookie.
          expect(res.cookies).toEqual([]);
        }
        // Our own page: same origin, same-origin fetch metadata, the header the web app sends.
        const own = await call(url, cookie.value, {
          ...XHR,
          origin: publicUrl,
          'sec-fetch-site': 'same-origin',
        });
        expect(own.statusCode).toBe(url === '/api/refresh' ? 200 : 204);
      });
    }

    it('logout clears the cookie it set, and the token no longer refreshes', async () => {
      const cookie = await logIn();
      const out = await call('/api/logout', cookie.value, XHR);
      expect(out.statusCode).toBe(204);
      const cleared = out.cookies.find((c) => c.name === cookieName);
      expect(cleared?.value).toBe('');
      expect(cleared?.path).toBe(cookie.path);
      expect((await call('/api/refresh', cookie.value, XHR)).statusCode).toBe(401);
    });
  });
}
