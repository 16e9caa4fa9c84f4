import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors';
import type { AccessTokens } from './tokens';

export interface CurrentUser {
  id: number;
  username: string;
  name: string;
  role: 'member' | 'admin';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The member id of a valid bearer token, before the account is looked up. */
    tokenUserId: number | null;
    /** The login (session family) of that token; the guards check it has not been revoked. */
    tokenSessionId: string | null;
    /** Set by requireUser: the signed-in member as the database knows them now. */
    user: CurrentUser;
  }
}

/** Reads the bearer token of every request; routes decide with the guards whether they need one. */
export function registerBearerAuth(app: FastifyInstance, tokens: AccessTokens) {
  app.decorateRequest('tokenUserId', null);
  app.decorateRequest('tokenSessionId', null);
  app.decorateRequest('user', null as unknown as CurrentUser);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const claims = await tokens.verify(header.slice(7).trim());
      request.tokenUserId = claims?.userId ?? null;
      request.tokenSessionId = claims?.sessionId ?? null;
    }
  });
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The account and its login are read on each signed-in call (one query), so a deleted member, a
 * revoked admin or a session ended by logout or a password reset loses access at once, on every
 * instance, rather than when the 15-minute token runs out.
 */
export function createGuards(loadUser: (id: number, sessionId: string) => Promise<CurrentUser | undefined>) {
  const load = (request: FastifyRequest) =>
    request.tokenUserId && request.tokenSessionId
      ? loadUser(request.tokenUserId, request.tokenSessionId)
      : undefined;
  const requireUser: Guard = async (request) => {
    const user = await load(request);
    if (!user) throw unauthorized();
    request.user = user;
  };
  const requireAdmin: Guard = async (request, reply) => {
    await requireUser(request, reply);
    if (request.user.role !== 'admin') throw forbidden('Only admins can do this');
  };
  /** Sets request.user when a valid token is present, and lets anonymous visitors through. */
  const optionalUser: Guard = async (request) => {
    const user = await load(request);
    if (user) request.user = user;
  };
  return { requireUser, requireAdmin, optionalUser };
}

export type Guards = ReturnType<typeof createGuards>;
