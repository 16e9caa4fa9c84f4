import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerActorContext } from './actor';
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
  interface FastifyContextConfig {
    /** Who may call the route (see RoutePolicy); every /api route declares one. */
    policy?: RoutePolicy;
  }
}

/**
 * Who may call a route, declared in its definition (`config: { policy }`):
 * - public: anyone, signed in or not (the service may still hide things by who asks);
 * - member: any signed-in member;
 * - owner: a signed-in member, and the service checks they own (or may touch) the object;
 * - admin: a signed-in admin.
 */
export type RoutePolicy = 'public' | 'member' | 'owner' | 'admin';
export const ROUTE_POLICIES: readonly RoutePolicy[] = ['public', 'member', 'owner', 'admin'];

/** Reads the bearer token of every request; routes decide with the guards whether they need one. */
export function registerBearerAuth(app: FastifyInstance, tokens: AccessTokens) {
  app.decorateRequest('tokenUserId', null);
  app.decorateRequest('tokenSessionId', null);
  app.decorateRequest('user', null as unknown as CurrentUser);
  // Callback hooks, not async ones: a request without a token (most reads) costs no promise here.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return done();
    tokens.verify(header.slice(7).trim()).then((claims) => {
      request.tokenUserId = claims?.userId ?? null;
      request.tokenSessionId = claims?.sessionId ?? null;
      done();
    }, done);
  });
  registerActorContext(app);
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The account and its login are read on each signed-in call (one query), so a deleted member, a
 * revoked admin or a session ended by logout or a password reset loses access at once, on every
 * instance, rather than when the 15-minute token runs out.
 */
export function createGuards(loadUser: (id: number, sessionId: string) => Promise<CurrentUser | undefined>) {
  // Once per request: the central policy check and a route's own guard share the one query.
  const loaded = new WeakMap<FastifyRequest, Promise<CurrentUser | undefined>>();
  const load = (request: FastifyRequest) => {
    if (!request.tokenUserId || !request.tokenSessionId) return undefined;
    let user = loaded.get(request);
    if (!user) {
      user = loadUser(request.tokenUserId, request.tokenSessionId);
      loaded.set(request, user);
    }
    return user;
  };
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

/**
 * Deny by default (issue 16): start-up fails when a route under /api declares no policy, and one
 * hook enforces 'member', 'owner' and 'admin' before anything else reads the request (body
 * validation, idempotent replays, the handler), so a route that forgets its own guard is still
 * closed. Routes keep their own guards; the account is loaded once per request.
 */
export function registerRoutePolicies(app: FastifyInstance, guards: Guards) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const policy = route.config?.policy;
    if (!policy || !ROUTE_POLICIES.includes(policy)) {
      const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new Error(
        `${methods} ${route.url} declares no access policy: add config: { policy: 'public' | 'member' | 'owner' | 'admin' }`,
      );
    }
  });
  app.addHook('onRequest', (request, reply, done) => {
    const policy = request.routeOptions.config.policy;
    const guard =
      policy === 'admin'
        ? guards.requireAdmin
        : policy === 'member' || policy === 'owner'
          ? guards.requireUser
          : undefined;
    if (!guard) return done();
    guard(request, reply).then(() => done(), done);
  });
}
