import { describe, expect, it } from 'vitest';
import { buildTestApp } from './test/build-test-app';
import { useTestApp } from './test/use-test-app';

describe('the application shell', () => {
  // A stand-in for the built web app: an index page and one hashed asset.
  const t = useTestApp({
    webFiles: {
      'index.html': '<!doctype html><div id="root"></div><script src="/assets/app-abc123.js"></script>',
      'assets/app-abc123.js': 'console.log("app");'.repeat(200),
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    },
  });

  it.each(['/api/nope', '/API/nope', '//api/nope', '/api//nope/', '/%61pi/nope', '/%2Fapi/nope?x'])(
    'answers the unknown API path %s with a JSON 404',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'No such API endpoint' });
    },
  );

  it.each(['/FEED', '//feed', '/feed/', '/%66eed'])('answers %s as the deep link /feed', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });

  it.each([
    '/',
    '/feed',
    '/login',
    '/reset-password/abc?token=abc',
    '/profile/me',
    '/explore?search=nairobi',
  ])('answers the deep link %s with the app', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('answers an unknown page with the app and status 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('revalidates unhashed files', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document and its UI', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/ready', '/api/site']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('tells the landing page the contact details from settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ contact_email: 'hello@jamii.co.ke', contact_phone: '+254 700 000 000' });
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once an IP exceeds the API limit', async () => {
    const t = await buildTestApp({ env: { RATE_LIMITS: 'on' } });
    try {
      let last = 0;
      for (let i = 0; i < 300; i++)
        last = (await t.app.inject({ method: 'GET', url: '/api/site' })).statusCode;
      const res = await t.app.inject({ method: 'GET', url: '/api/site' });
      expect(last).toBe(200);
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json().code).toBe('RATE_LIMITED');
      // Health checks are never limited.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
