import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../../platform/errors';
import type { IssuedSession } from './auth.service';

export const REFRESH_COOKIE = 'jamii_rt';
const COOKIE_PATH = '/api';

export function setRefreshCookie(reply: FastifyReply, session: IssuedSession, secure: boolean) {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: COOKIE_PATH,
    // Remember Me: a persistent cookie; otherwise one that ends with the browser session.
    ...(session.persistent ? { expires: session.expiresAt } : {}),
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: COOKIE_PATH });
}

/**
 * Calls authenticated by the cookie alone must come from our own pages: a custom header (which a
 * cross-site form cannot send) and, when the browser names it, our own Origin.
 */
export function assertOwnPage(request: FastifyRequest, publicUrl: string) {
  if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
    throw forbidden('This request must come from the Jamii app');
  }
  const origin = request.headers.origin;
  if (!origin) return;
  const own = new Set([new URL(publicUrl).origin, `${request.protocol}://${request.host}`]);
  if (!own.has(origin)) throw forbidden('This request must come from the Jamii app');
}
