import type { FastifyInstance } from 'fastify';

// The page an unsubscribe link opens in a browser. Opening a link must change nothing (mail
// scanners open links too): the page's button sends the POST that turns the email off. No script,
// so the site's CSP needs no exception; both languages, as the link does not say which is the reader's.
const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function unsubscribePage(token: string, path = '/api/unsubscribe') {
  const action = `${path}?token=${encodeURIComponent(token)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Unsubscribe · Jamii</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#111827">
<main>
<h1>Unsubscribe</h1>
<p>Stop these emails from Jamii? You can turn them on again in your notification settings.</p>
<p lang="sw">Acha barua pepe hizi kutoka Jamii? Unaweza kuziwasha tena katika mipangilio yako ya arifa.</p>
<form method="post" action="${escape(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="min-height:48px;padding:0 1.25rem;font-size:1rem;background:#046a2f;color:#fff;border:0;border-radius:8px">Unsubscribe · Jiondoe</button>
</form>
</main>
</body></html>`;
}

/** RFC 8058's one-click POST is a form (List-Unsubscribe=One-Click); the token is in the query. */
export function acceptOneClickForm(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
