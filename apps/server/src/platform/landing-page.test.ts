import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';

// docs/web-performance.md: the build renders the landing page into `landing-en.html` and `landing-sw.html`, and the
// login page into `login-en.html` and `login-sw.html`; `/` and `/login` answer the one in the
// reader's language so they paint before the JavaScript arrives. Every other page, and those paths
// of a build without them, stay the plain app.

describe('the landing page rendered at build time', () => {
  const t = useTestApp({
    webFiles: {
      'index.html': '<!doctype html><div id="root"></div>',
      'landing-en.html': '<!doctype html><div id="root">Just that simple</div>',
      'landing-sw.html': '<!doctype html><div id="root">Ni rahisi hivyo tu</div>',
      'login-en.html': '<!doctype html><div id="root">Welcome back</div>',
      'login-sw.html': '<!doctype html><div id="root">Karibu tena</div>',
      'feed.html': '<!doctype html><link rel="modulepreload" href="/assets/feed.js"><div id="root"></div>',
      'jobs.html': '<!doctype html><link rel="modulepreload" href="/assets/jobs.js"><div id="root"></div>',
    },
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers / in English by default, revalidated, varying by language', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('Accept-Language');
    expect(res.headers.vary).toContain('Cookie');
    expect(res.body).toContain('Just that simple');
  });

  it("follows the browser's languages in order of preference", async () => {
    expect((await page('/', { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' })).body).toContain('Ni rahisi');
    expect((await page('/', { 'accept-language': 'fr-FR, sw;q=0.5, en;q=0.9' })).body).toContain('Just that');
    expect((await page('/', { 'accept-language': 'fr, de;q=0.5' })).body).toContain('Just that simple');
    expect((await page('/', { 'accept-language': 'en;q=0, sw' })).body).toContain('Ni rahisi');
  });

  it("prefers the reader's own choice (the app's cookie) over the browser's", async () => {
    const res = await page('/', { 'accept-language': 'en-GB', cookie: 'jamii.language=sw' });
    expect(res.body).toContain('Ni rahisi hivyo tu');
    const unknown = await page('/', { 'accept-language': 'sw', cookie: 'jamii.language=xx' });
    expect(unknown.body).toContain('Ni rahisi hivyo tu');
  });

  it('answers /login drawn too, in the same language, with or without a query', async () => {
    const login = await page('/login', { 'accept-language': 'sw' });
    expect(login.statusCode).toBe(200);
    expect(login.headers.vary).toContain('Accept-Language');
    expect(login.body).toContain('Karibu tena');
    expect((await page('/login?next=%2Ffeed', { cookie: 'jamii.language=en' })).body).toContain(
      'Welcome back',
    );
  });

  it("answers /feed and /jobs with the app and their screen's code preloaded", async () => {
    const feed = await page('/feed', { 'accept-language': 'sw' });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/html');
    expect(feed.headers['cache-control']).toBe('no-cache');
    expect(feed.body).toContain('href="/assets/feed.js"');
    expect((await page('/jobs?search=driver&county=Nairobi')).body).toContain('href="/assets/jobs.js"');
  });

  it('leaves every other page as the plain app, and an unknown path a 404', async () => {
    const profile = await page('/bids', { 'accept-language': 'sw' });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toBe('<!doctype html><div id="root"></div>');
    expect((await page('/explore/jobs/5')).body).toBe('<!doctype html><div id="root"></div>');
    expect((await page('/login/x')).body).toBe('<!doctype html><div id="root"></div>');
    expect((await page('/no-such-page')).statusCode).toBe(404);
  });
});

describe('a build without the rendered landing page', () => {
  const t = useTestApp({ webFiles: { 'index.html': '<!doctype html><div id="root"></div>' } });

  it('answers /, /login, /feed and /jobs with the plain app', async () => {
    for (const url of ['/', '/login', '/feed', '/jobs']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'sw' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('<!doctype html><div id="root"></div>');
    }
  });
});
