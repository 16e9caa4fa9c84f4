import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';
import { makePost, makeUser } from '../test/factories';

// Data saver (docs/features/kiswahili.md): a request's `Save-Data: on` is echoed on HTML answers as a Server-Timing
// entry the web app reads, so a browser or proxy that sends the header starts the app in data-saver
// mode; nothing else changes.

describe('Save-Data echo', () => {
  const t = useTestApp({
    webFiles: { 'index.html': '<!doctype html><title>Jamii</title><div id="root"></div>' },
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('echoes Save-Data: on on the app page, and varies the page by it', async () => {
    const res = await page('/feed', { 'save-data': 'on' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['server-timing']).toBe('save-data;desc="on"');
    expect(res.headers.vary).toContain('Save-Data');
    expect(res.body).toContain('<div id="root">');
  });

  it('keeps what the page already varies by (a compressed page by Accept-Encoding)', async () => {
    const compressed = path.join(t.ctx.config.webDistDir, 'index.html.br');
    writeFileSync(compressed, 'compressed');
    try {
      const res = await page('/feed', { 'save-data': 'on', 'accept-encoding': 'br' });
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers.vary).toContain('Save-Data');
    } finally {
      rmSync(compressed);
    }
  });

  it('says nothing without the header, or with another value', async () => {
    for (const headers of [{}, { 'save-data': 'off' }] as Record<string, string>[]) {
      const res = await page('/feed', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['server-timing']).toBeUndefined();
      expect(res.headers.vary).toContain('Save-Data');
    }
  });

  it('echoes it on a shared post page and on a page that is not found', async () => {
    const author = await makeUser(t);
    const post = await makePost(t, author, { content: 'Habari za asubuhi' });
    for (const [url, status] of [
      [`/p/${post.id}`, 200],
      ['/no-such-page', 404],
    ] as const) {
      const res = await page(url, { 'save-data': 'on' });
      expect(res.statusCode).toBe(status);
      expect(res.headers['server-timing']).toBe('save-data;desc="on"');
    }
  });

  it('adds nothing to API answers', async () => {
    const res = await page('/api/posts', { 'save-data': 'on' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['server-timing']).toBeUndefined();
    expect(String(res.headers.vary ?? '')).not.toContain('Save-Data');
  });
});
