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
    /** Set by requireUser: the signed-in member as the database knows them now. */
    user: CurrentUser;
  }
}

/** Reads the bearer token of every request; routes decide with the guards whether they need one. */
export function registerBearerAuth(app: FastifyInstance, tokens: AccessTokens) {
  app.decorateRequest('tokenUserId', null);
  app.decorateRequest('user', null as unknown as CurrentUser);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      request.tokenUserId = (await tokens.verify(header.slice(7).trim()))?.userId ?? null;
    }
  });
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The account is read on each signed-in call, so a deleted member or a revoked admin loses access
 * at once rather than when the 15-minute token runs out.
 */
export function createGuards(loadUser: (id: number) => Promise<CurrentUser | undefined>) {
  const requireUser: Guard = async (request) => {
    const user = request.tokenUserId ? await loadUser(request.tokenUserId) : undefined;
    if (!user) throw unauthorized();
    request.user = user;
  };
  const requireAdmin: Guard = async (request, reply) => {
    await requireUser(request, reply);
    if (request.user.role !== 'admin') throw forbidden('Only admins can do this');
  };
  /** Sets request.user when a valid token is present, and lets anonymous visitors through. */
  const optionalUser: Guard = async (request) => {
    const user = request.tokenUserId ? await loadUser(request.tokenUserId) : undefined;
    if (user) request.user = user;
  };
  return { requireUser, requireAdmin, optionalUser };
}

export type Guards = ReturnType<typeof createGuards>;
