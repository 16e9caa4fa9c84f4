import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isWebRoute, type ApiErrorBody } from '@jamii/shared';

const IMMUTABLE = 'public, max-age=31536000, immutable';

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
    cacheControl: false,
    setHeaders(reply, filePath) {
      const isHashed = filePath.startsWith(path.join(webDistDir, 'assets') + path.sep);
      reply.header('Cache-Control', isHashed ? IMMUTABLE : 'no-cache');
    },
  });
  return true;
}

/** Deep links (`/feed`, `/reset-password/x?token=x`) get the app; other page paths the app with 404. */
export function registerWebAppFallback(app: FastifyInstance) {
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(pathname) || !wantsPage) return sendApiNotFound(reply);
    reply.header('Cache-Control', 'no-cache');
    return reply.code(isWebRoute(pathname) ? 200 : 404).sendFile('index.html');
  });
}

export const isApiPath = (pathname: string) =>
  pathname === '/api' ||
  pathname.startsWith('/api/') ||
  pathname === '/me' ||
  pathname.startsWith('/socket.io');

export function sendApiNotFound(reply: FastifyReply) {
  return reply.code(404).send({ code: 'NOT_FOUND', message: 'No such API endpoint' } satisfies ApiErrorBody);
}
