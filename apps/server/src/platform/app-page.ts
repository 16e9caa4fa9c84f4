import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Id, previewText } from '@jamii/shared';
import { AppError } from './errors';

/** What a link preview (WhatsApp, Facebook, X, Slack) shows for a shared page. */
export interface PageMeta {
  title: string;
  description: string;
  /** A path on this site or an absolute URL; made absolute for the crawlers. */
  image?: string | null | undefined;
  /** The page's own path, e.g. `/p/12`. */
  path: string;
  type: 'article' | 'website';
}

/** The web app's page with a shared item's Open Graph tags written into its head (none: as built). */
export type AppPage = (meta: PageMeta | null) => string;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Reads the built `index.html` once and answers it with the tags of one item, so a link pasted into
 * WhatsApp shows a title, a line and a picture without running JavaScript. Null when the web app
 * is not built (an API-only server has no pages to share).
 */
export function createAppPage(webDistDir: string, publicUrl: string): AppPage | null {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const template = readFileSync(indexFile, 'utf8');
  const absolute = (href: string) => new URL(href, `${publicUrl}/`).toString();

  return (meta) => {
    if (!meta) return template;
    const title = escapeHtml(`${meta.title} · Jamii`);
    const description = escapeHtml(previewText(meta.description, 200));
    const tags = [
      `<meta property="og:site_name" content="Jamii" />`,
      `<meta property="og:type" content="${meta.type}" />`,
      `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
      `<meta property="og:description" content="${description}" />`,
      `<meta property="og:url" content="${escapeHtml(absolute(meta.path))}" />`,
      `<meta property="og:locale" content="en_KE" />`,
      meta.image
        ? `<meta property="og:image" content="${escapeHtml(absolute(meta.image))}" />\n<meta name="twitter:card" content="summary_large_image" />`
        : `<meta name="twitter:card" content="summary" />`,
    ].join('\n');
    // Replacer functions, never replacement strings: a member's "$2" or "$&" must stay text, not
    // pull parts of the template (a raw quote) into the page.
    return template
      .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>\n${tags}`)
      .replace(
        /(<meta\s+name="description"\s+content=")[^"]*(")/,
        (_match, start: string, end: string) => `${start}${description}${end}`,
      );
  };
}

/**
 * A page a member shares (`/p/:id`, `/explore/jobs/:id`): the web app with the item's preview tags,
 * as a visitor would see the item. An item a visitor may not see (missing, hidden, held, private)
 * gets the plain app with 404, which then shows its own "not found".
 */
export function registerSharedPage<T>(
  app: FastifyInstance,
  appPage: AppPage | null,
  url: string,
  load: (id: number) => Promise<T>,
  toMeta: (item: T, id: number) => PageMeta,
) {
  if (!appPage) return;
  // Each visit reads the database: counted in the API's request limit, per address.
  const options = { schema: { hide: true }, config: { limited: true } };
  app.get<{ Params: { id: string } }>(url, options, async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    // The id as every route reads one: `/p/0x10` or `/p/1e1` names no post.
    const parsed = Id.safeParse(request.params.id);
    if (!parsed.success) return reply.code(404).send(appPage(null));
    const id = parsed.data;
    try {
      const item = await load(id);
      return reply.send(appPage(toMeta(item, id)));
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return reply.code(404).send(appPage(null));
      throw error;
    }
  });
}
