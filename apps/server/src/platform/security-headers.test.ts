import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';

// The Content-Security-Policy (docs/security.md#hostile-input): every answer, page or API, forbids inline script and
// eval, plugins, a foreign <base> and being framed. A stored payload that reached the DOM as markup
// would still not run (e2e/stored-xss.spec.ts proves none reaches it).

const INDEX_HTML =
  '<!doctype html><title>Jamii</title><meta name="description" content="x" /><div id="root"></div>' +
  '<script type="module" src="/assets/app-abc123.js"></script>';

/** The policy's directives: name → sources. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header, 'one Content-Security-Policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

describe('Content-Security-Policy', () => {
  const t = useTestApp({ webFiles: { 'index.html': INDEX_HTML } });

  it.each([
    ['the app page', 'GET', '/'],
    ['a deep link', 'GET', '/feed?type=post'],
    ['a shared post page (unknown id)', 'GET', '/p/999999'],
    ['an unknown page', 'GET', '/no/such/page'],
    ['an API answer', 'GET', '/api/health'],
    ['an API list', 'GET', '/api/jobs'],
    ['an API 404', 'GET', '/api/nope'],
    ['an API 400', 'POST', '/api/login'],
    ['an API 401', 'GET', '/api/me'],
  ] as const)(
    '%s (%s %s) forbids inline script, eval, plugins, <base> and framing',
    async (_what, method, url) => {
      const res = await t.app.inject({ method, url, headers: { 'x-requested-with': 'XMLHttpRequest' } });
      expect(res.statusCode).toBeLessThan(500);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      // No directive anywhere loosens script: no inline, no eval, no wildcard, no data: scripts.
      for (const [name, sources] of csp) {
        expect(sources, name).not.toContain("'unsafe-inline'");
        expect(sources, name).not.toContain("'unsafe-eval'");
        expect(sources, name).not.toContain("'unsafe-hashes'");
        expect(sources, name).not.toContain('*');
      }
      expect(csp.has('script-src-attr') ? csp.get('script-src-attr') : ["'none'"]).not.toContain(
        "'unsafe-inline'",
      );
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('the pages and the API answer the same policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(api.headers['content-type']).toContain('application/json');
    expect(api.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
  });

  it('the API documentation keeps its own policy without inline script or eval', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    const scripts = csp.get('script-src') ?? csp.get('default-src')!;
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });
});

describe('the web app page as written', () => {
  it('has no inline script: every <script> names a file (the CSP would refuse one)', () => {
    const html = readFileSync(path.join(import.meta.dirname, '../../../web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc="\/[^"]+"/);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });
});
