import { describe, expect, it } from 'vitest';
import { makeJob, makePost, makeUser } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

// Shared links (docs/design.md#conversation-around-posts): /p/{id} and /explore/jobs/{id} answer the web app with the item's Open
// Graph tags in the HTML, so WhatsApp's preview works without JavaScript; items a visitor may not
// see give the plain app with 404.

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta
      name="description"
      content="Jamii is the all-in-one space for people, jobs, bids and videos in Kenya."
    />
    <title>Jamii</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const meta = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

describe('shared pages', () => {
  const t = useTestApp({
    webFiles: { 'index.html': INDEX_HTML },
    env: { PUBLIC_URL: 'https://jamii.example' },
  });

  it('gives a post its title, text, picture and address, escaped', async () => {
    const author = await makeUser(t, { name: 'Wanjiru "Shiro" <Kamau>' });
    const post = await makePost(t, author, { content: 'Soko la Gikomba leo & kesho <b>bei nzuri</b>' });
    await t.db.updateTable('posts').set({ image_url: '/media/p.jpg' }).where('id', '=', post.id).execute();

    const res = await t.app.inject({ method: 'GET', url: `/p/${post.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(meta(res.body, 'og:title')).toBe('Wanjiru &quot;Shiro&quot; &lt;Kamau&gt; on Jamii');
    expect(meta(res.body, 'og:description')).toBe(
      'Soko la Gikomba leo &amp; kesho &lt;b&gt;bei nzuri&lt;/b&gt;',
    );
    expect(meta(res.body, 'og:image')).toBe('https://jamii.example/media/p.jpg');
    expect(meta(res.body, 'og:url')).toBe(`https://jamii.example/p/${post.id}`);
    expect(res.body).toContain('<title>Wanjiru &quot;Shiro&quot; &lt;Kamau&gt; on Jamii · Jamii</title>');
    expect(res.body).toContain('content="Soko la Gikomba leo &amp; kesho');
    expect(res.body).not.toContain('<b>bei');
    expect(res.body).toContain('<div id="root">');
  });

  it('keeps a member’s $-patterns as text: no quote or template part gets into the page', async () => {
    const author = await makeUser(t, { name: 'Dola $& Mbili' });
    const post = await makePost(t, author, {
      content: "Bei $250, 0;url=https://evil.example$2 http-equiv=$2refresh $' $` $1",
    });
    const res = await t.app.inject({ method: 'GET', url: `/p/${post.id}` });
    expect(res.statusCode).toBe(200);
    expect(meta(res.body, 'og:description')).toBe(
      "Bei $250, 0;url=https://evil.example$2 http-equiv=$2refresh $' $` $1",
    );
    expect(meta(res.body, 'og:title')).toBe('Dola $&amp; Mbili on Jamii');
    expect(res.body).not.toMatch(/http-equiv="?refresh/);
    expect(res.body).toContain(
      '<meta\n      name="description"\n      content="Bei $250, 0;url=https://evil.example$2 http-equiv=$2refresh',
    );
    expect(res.body.match(/<title>/g)).toHaveLength(1);
  });

  it('gives a job its title, company, place and pay', async () => {
    const poster = await makeUser(t);
    const job = await makeJob(t, poster, {
      title: 'Fundi wa stima',
      company: 'Umeme Bora',
      location: 'Kisumu',
    });
    const res = await t.app.inject({ method: 'GET', url: `/explore/jobs/${job.id}` });
    expect(res.statusCode).toBe(200);
    expect(meta(res.body, 'og:title')).toBe('Fundi wa stima at Umeme Bora');
    expect(meta(res.body, 'og:description')).toBe('Kisumu · KES 80,000 · Keep the books of a growing SACCO.');
    expect(meta(res.body, 'og:image')).toBeUndefined();
    expect(res.body).toContain('<meta name="twitter:card" content="summary" />');
  });

  it('gives hidden, missing and malformed items the plain app with 404', async () => {
    const author = await makeUser(t);
    const hidden = await makePost(t, author, { content: 'Hidden by the moderators' });
    await t.db.updateTable('posts').set({ moderation: 'hidden' }).where('id', '=', hidden.id).execute();
    for (const url of [`/p/${hidden.id}`, '/p/2147483647', '/p/abc', '/p/0', '/explore/jobs/99999999999']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<title>Jamii</title>');
      expect(res.body, url).not.toContain('og:title');
      expect(res.body, url).not.toContain('Hidden by the moderators');
    }
  });
});
