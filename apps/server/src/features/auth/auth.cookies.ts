import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../../platform/errors';
import type { IssuedSession } from './auth.service';

export const REFRESH_COOKIE = 'jamii_rt';

/**
 * Served over https, the cookie carries the `__Host-` prefix: browsers then accept it only when it is
 * Secure, set by this very host (no Domain) and for Path=/, so a sibling subdomain cannot plant or
 * shadow it. Over plain http (development, tests) it keeps its name and the /api path.
 */
export const refreshCookieName = (secure: boolean) => (secure ? `__Host-${REFRESH_COOKIE}` : REFRESH_COOKIE);
const cookieOptions = (secure: boolean) =>
  ({ httpOnly: true, sameSite: 'strict', secure, path: secure ? '/' : '/api' }) as const;

/** The refresh token the browser sent (over https, one set before the prefix is still honoured). */
export function readRefreshCookie(request: FastifyRequest, secure: boolean): string | undefined {
  return request.cookies[refreshCookieName(secure)] ?? (secure ? request.cookies[REFRESH_COOKIE] : undefined);
}

export function setRefreshCookie(reply: FastifyReply, session: IssuedSession, secure: boolean) {
  reply.setCookie(refreshCookieName(secure), session.refreshToken, {
    ...cookieOptions(secure),
    // Remember Me: a persistent cookie; otherwise one that ends with the browser session.
    ...(session.persistent ? { expires: session.expiresAt } : {}),
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(refreshCookieName(secure), cookieOptions(secure));
}

/**
 * Calls authenticated by the cookie alone must come from our own pages (docs/design.md#api-conventions): a custom header
 * (which a cross-site form cannot send), no `Sec-Fetch-Site: cross-site`, and, when the browser
 * names it, our own Origin.
 */
export function assertOwnPage(request: FastifyRequest, publicUrl: string) {
  if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
    throw forbidden('This request must come from the Jamii app');
  }
  if (request.headers['sec-fetch-site'] === 'cross-site') {
    throw forbidden('This request must come from the Jamii app');
  }
  const origin = request.headers.origin;
  if (!origin) return;
  const own = new Set([new URL(publicUrl).origin, `${request.protocol}://${request.host}`]);
  if (!own.has(origin)) throw forbidden('This request must come from the Jamii app');
}
