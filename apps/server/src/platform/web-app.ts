import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  isWebRoute,
  WEBSOCKET_ONLY_TIMING,
  type ApiErrorBody,
  type Language,
} from '@jamii/shared';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The compressed copies the build writes beside each text file (scripts/precompress.mjs). */
const PRECOMPRESSED_EXTENSIONS = ['br', 'gz'];

/** The built web app: hashed files cached for a year, the page itself revalidated on each visit. */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDistDir }, 'the web app is not built; only the API is served (run npm run build)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file, so nothing is compressed per request.
    preCompressed: true,
    // They are found beside the file asked for, never asked for by name: without routes of their own
    // (two thirds of the build's files) the start is 40 ms shorter.
    globIgnore: PRECOMPRESSED_EXTENSIONS.map((extension) => `**/*.${extension}`),
    cacheControl: false,
    setHeaders(reply, filePath) {
      const isHashed = filePath.startsWith(path.join(webDistDir, 'assets') + path.sep);
      reply.header('Cache-Control', isHashed ? IMMUTABLE : 'no-cache');
    },
  });
  return true;
}

/** The cookie the web app writes beside its stored language choice (lib/i18n/language-choice.ts). */
export const LANGUAGE_COOKIE = 'jamii.language';

/** The reader's language for a page rendered before the app runs: their choice, else their browser's. */
export function pageLanguage(request: FastifyRequest): Language {
  const chosen = request.cookies?.[LANGUAGE_COOKIE];
  if (isLanguage(chosen)) return chosen;
  const tags = String(request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { base: tag.toLowerCase().split('-')[0], q: Number.isFinite(q) ? q : 0 };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q);
  return tags.map((t) => t.base).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

/** The pages the build draws for a first visit (apps/web/src/prerender), by path: `landing-en.html`. */
const PRERENDERED = new Map([
  ['/', 'landing'],
  ['/login', 'login'],
]);

/**
 * The app with its screen's code preloaded beside the app's own, by path (apps/web/route-shells.ts):
 * the screens a cold start opens most.
 */
const ROUTE_SHELLS = new Map([
  ['/feed', 'feed.html'],
  ['/jobs', 'jobs.html'],
]);

/**
 * Deep links (`/feed`, `/reset-password/x?token=x`) get the app; other page paths the app with 404.
 * `/` and `/login` get the app with their page already in it, in the reader's language, when the
 * build rendered it (`landing-en.html`, `login-sw.html`, …; apps/web/vite.config.ts): it paints
 * before the JavaScript arrives. `/feed` and `/jobs` get it with their screen's code preloaded.
 */
export function registerWebAppFallback(app: FastifyInstance, webDistDir: string) {
  const built = (file: string) => existsSync(path.join(webDistDir, file));
  const drawn = new Set(
    [...PRERENDERED.values()].flatMap((page) =>
      ['en', 'sw'].map((language) => `${page}-${language}.html`).filter(built),
    ),
  );
  const shells = new Map([...ROUTE_SHELLS].filter(([, file]) => built(file)));
  app.setNotFoundHandler((request, reply) => {
    const pathname = unmatchedPathname(request.url);
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(pathname) || !wantsPage) return sendApiNotFound(reply);
    reply.header('Cache-Control', 'no-cache');
    const page = PRERENDERED.get(pathname);
    if (page && drawn.size > 0) {
      reply.header('Vary', 'Accept-Language, Cookie');
      const file = `${page}-${pageLanguage(request)}.html`;
      if (drawn.has(file)) return reply.sendFile(file);
    }
    const shell = shells.get(pathname);
    if (shell) return reply.sendFile(shell);
    return reply.code(isWebRoute(pathname) ? 200 : 404).sendFile('index.html');
  });
}

/** The page's answer says the request carried `Save-Data: on` (see registerSaveDataEcho). */
export const SAVE_DATA_SERVER_TIMING = 'save-data;desc="on"';

/**
 * Data saver (docs/features/kiswahili.md): a browser or a proxy that sends `Save-Data: on` may not say so to scripts
 * (`navigator.connection.saveData` is Chromium's only, and a proxy's header never reaches it). Every
 * HTML answer (the app, shared pages, a 404 page) echoes it as a `Server-Timing` entry, which the
 * app reads from its navigation entry before the first render: a header, so the pre-compressed
 * `index.html` stays as built, and nothing is added to any other answer. `Vary: Save-Data` keeps
 * caches from serving one kind of answer to the other.
 */
export function registerSaveDataEcho(app: FastifyInstance, opts: { websocketOnly?: boolean } = {}) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return done(null, payload);
    // Added to what is there (the pre-compressed page varies by Accept-Encoding too).
    const vary = reply.getHeader('vary');
    reply.header('Vary', vary ? `${String(vary)}, Save-Data` : 'Save-Data');
    // The same way the app learns that its socket must not poll (REALTIME_TRANSPORTS=websocket).
    const timings = [
      ...(String(request.headers['save-data']).toLowerCase() === 'on' ? [SAVE_DATA_SERVER_TIMING] : []),
      ...(opts.websocketOnly ? [WEBSOCKET_ONLY_TIMING] : []),
    ];
    if (timings.length > 0) reply.header('Server-Timing', timings.join(', '));
    done(null, payload);
  });
}

/**
 * The path of an address no route matched, spelt as the router would have read it (absolute-form
 * target dropped, escapes decoded, case and repeated or trailing slashes folded), so `/%61pi/x`,
 * `//API/x/` and `/api/x` get the same answer: which page, or the API's JSON 404.
 */
export function unmatchedPathname(url: string): string {
  let pathname = url.split('?')[0]!.replace(/^https?:\/\/[^/]*/i, '');
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // An escape that decodes to nothing is left as written.
  }
  pathname = pathname.replace(/\/{2,}/g, '/').toLowerCase();
  return pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname || '/';
}

export const isApiPath = (pathname: string) =>
  pathname === '/api' ||
  pathname.startsWith('/api/') ||
  pathname === '/me' ||
  pathname.startsWith('/socket.io');

export function sendApiNotFound(reply: FastifyReply) {
  return reply.code(404).send({ code: 'NOT_FOUND', message: 'No such API endpoint' } satisfies ApiErrorBody);
}
