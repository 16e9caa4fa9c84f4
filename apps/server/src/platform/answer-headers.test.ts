import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { makeJpeg, makePost, makeUser, multipart, TEST_PASSWORD } from '../test/factories';
import { postWithRefreshCookie, refreshCookieOf } from '../test/session-cookie';
import { useTestApp, type SharedTestApp } from '../test/use-test-app';

// Two headers on top of the CSP (security-headers.test.ts): a Permissions-Policy on every page and
// answer, and `Cache-Control: no-store` on a member's answers, without taking the caching away from
// media, the built app's files and the answers that are the same for everyone.

const WEB_FILES = {
  'index.html': '<!doctype html><title>Jamii</title><div id="root"></div>',
  'assets/app-abc123.js': 'console.log("app");',
};

/** The policy's features: name → allow-list (`()` none, `(self)` this site). */
function features(header: unknown): Map<string, string> {
  expect(typeof header, 'one Permissions-Policy header').toBe('string');
  return new Map(
    String(header)
      .split(',')
      .map((part) => part.trim().split('=') as [string, string]),
  );
}

function expectStrictPolicy(header: unknown) {
  const policy = features(header);
  // What the app does not use is off…
  for (const name of [
    'camera',
    'microphone',
    'geolocation',
    'payment',
    'usb',
    'serial',
    'hid',
    'midi',
    'display-capture',
    'accelerometer',
    'gyroscope',
    'magnetometer',
    'browsing-topics',
    'clipboard-read',
    'publickey-credentials-get',
  ])
    expect(policy.get(name), name).toBe('()');
  // …and what it uses (video previews that start by themselves, copying a link) is this site's only.
  expect(policy.get('autoplay')).toBe('(self)');
  expect(policy.get('clipboard-write')).toBe('(self)');
  for (const [name, allow] of policy) expect(['()', '(self)'], name).toContain(allow);
}

describe('Permissions-Policy', () => {
  const t = useTestApp({ webFiles: WEB_FILES, env: { RATE_LIMITS: 'on' } });

  it.each<[string, InjectOptions]>([
    ['the app page', { method: 'GET', url: '/' }],
    ['a deep link', { method: 'GET', url: '/feed' }],
    ['an unknown page', { method: 'GET', url: '/no/such/page' }],
    ['a hashed file of the app', { method: 'GET', url: '/assets/app-abc123.js' }],
    ['an API answer', { method: 'GET', url: '/api/health' }],
    ['an API list', { method: 'GET', url: '/api/jobs' }],
    ['an API 404', { method: 'GET', url: '/api/nope' }],
    ['an API 400', { method: 'POST', url: '/api/login', payload: {} }],
    ['an API 401', { method: 'GET', url: '/api/me' }],
    ['an address the router cannot read', { method: 'GET', url: '/api/posts/%zz' }],
    ['the API documentation', { method: 'GET', url: '/api/docs/' }],
    ['a missing media file', { method: 'GET', url: '/media/avatars/none.webp' }],
  ])('is on %s, strict', async (_what, request) => {
    const res = await t.app.inject(request);
    expect(res.statusCode).toBeLessThan(500);
    expectStrictPolicy(res.headers['permissions-policy']);
  });

  it('is on a shared post page, a media file and a 429', async () => {
    const member = await makeUser(t);
    const post = await makePost(t, member);
    const page = await t.app.inject({ method: 'GET', url: `/p/${post.id}` });
    expect(page.statusCode).toBe(200);
    expectStrictPolicy(page.headers['permissions-policy']);

    const media = await t.app.inject({ method: 'GET', url: await uploadedPicture(t, member) });
    expect(media.statusCode).toBe(200);
    expectStrictPolicy(media.headers['permissions-policy']);

    let last;
    for (let i = 0; i < 26; i++)
      last = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.37.4.1',
        payload: { username: `pp_${i}`, password: 'Wrong-Pass-123' },
      });
    expect(last!.statusCode).toBe(429);
    expectStrictPolicy(last!.headers['permissions-policy']);
  });
});

describe('Permissions-Policy on the live connection', () => {
  const t = useTestApp({ listen: true });

  it('is on Socket.IO’s own answers too', async () => {
    const res = await fetch(`${t.url}/socket.io/?EIO=4&transport=polling`);
    expect(res.status).toBe(200);
    await res.text();
    expectStrictPolicy(res.headers.get('permissions-policy'));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

/** A profile picture of the member, uploaded through the API: its public /media/… address. */
async function uploadedPicture(t: SharedTestApp, member: Awaited<ReturnType<typeof makeUser>>) {
  const form = await multipart(
    {},
    { field: 'profile_pic', filename: 'me.jpg', data: await makeJpeg(64, 64), type: 'image/jpeg' },
  );
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/user/${member.id}/profile-pic`,
    headers: { ...member.auth, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ profile_pic: string }>().profile_pic;
}

describe('Cache-Control on signed-in answers', () => {
  const t = useTestApp({ webFiles: WEB_FILES });

  it.each<[string, string, string]>([
    ['the current member', 'GET', '/api/me'],
    ['the other address of the current member', 'GET', '/me'],
    ['a list', 'GET', '/api/jobs'],
    ['the member’s notifications', 'GET', '/api/notifications/:me'],
    ['a 404 of a route', 'GET', '/api/posts/999999'],
    ['an unknown API path', 'GET', '/api/nope'],
    ['a validation error', 'POST', '/api/jobs'],
  ])('%s (%s %s) with a bearer token: no-store', async (_what, method, url) => {
    const member = await makeUser(t);
    url = url.replace(':me', String(member.id));
    const res = await t.app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: member.auth,
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a create answer of a member: no-store', async () => {
    const member = await makeUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: member.auth,
      payload: { content: 'Habari za asubuhi' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('the login, refresh and logout answers, which carry the tokens: no-store', async () => {
    const member = await makeUser(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.username, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const cookie = refreshCookieOf(login)!.value;
    const refresh = await postWithRefreshCookie(t, '/api/refresh', cookie);
    expect(refresh.statusCode).toBe(200);
    expect(refresh.json()).toHaveProperty('token');
    expect(refresh.headers['cache-control']).toBe('no-store');
    const logout = await postWithRefreshCookie(t, '/api/logout', refreshCookieOf(refresh)!.value);
    expect(logout.statusCode).toBe(204);
    expect(logout.headers['cache-control']).toBe('no-store');
  });

  it('leaves a visitor’s answers as they were', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/jobs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('keeps the caching of public answers, media and the app’s files, token or not', async () => {
    const member = await makeUser(t);
    const site = await t.app.inject({ method: 'GET', url: '/api/site', headers: member.auth });
    expect(site.headers['cache-control']).toBe('public, max-age=300');

    const picture = await uploadedPicture(t, member);
    const media = await t.app.inject({ method: 'GET', url: picture, headers: member.auth });
    expect(media.statusCode).toBe(200);
    expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: member.auth });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ method: 'GET', url: '/feed', headers: member.auth });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('keeps an answer’s own stricter choice (the data export)', async () => {
    const member = await makeUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${member.id}/export`,
      headers: member.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});
