import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerActorContext } from './actor';
import { forbidden, unauthorized } from './errors';
import { isApiRoute } from './route-key';
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
    /** A keyset list (routeKit's `page`): it answers X-Next-Cursor. */
    keysetPage?: true;
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

/** What a caller must show: a bearer token, one that is read when it comes, or nothing. */
export type RouteAuth = 'bearer' | 'optional' | 'none';

/** The guards createGuards makes, by what each asks of the caller (read by routeAuth). */
const GUARD_AUTH = new WeakMap<Guard, Exclude<RouteAuth, 'none'>>();

/** Whether the central check (registerRoutePolicies) signs a route's callers in before anything else: as it decides. */
const policyNeedsUser = (policy: RoutePolicy | undefined) =>
  policy === 'member' || policy === 'owner' || policy === 'admin';

/**
 * What a route asks of its callers, read from what enforces it: the central policy check and the
 * guards among its preHandlers. The OpenAPI document's `security` of each operation is this.
 */
export function routeAuth(route: {
  config?: { policy?: RoutePolicy } | undefined;
  preHandler?: unknown;
}): RouteAuth {
  if (policyNeedsUser(route.config?.policy)) return 'bearer';
  const asked = [route.preHandler].flat().map((handler) => GUARD_AUTH.get(handler as Guard));
  return asked.includes('bearer') ? 'bearer' : asked.includes('optional') ? 'optional' : 'none';
}

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
  GUARD_AUTH.set(requireUser, 'bearer').set(requireAdmin, 'bearer').set(optionalUser, 'optional');
  return { requireUser, requireAdmin, optionalUser };
}

export type Guards = ReturnType<typeof createGuards>;

/**
 * Deny by default: start-up fails when a route under /api (or /me) declares no policy, and one
 * hook enforces 'member', 'owner' and 'admin' before anything else reads the request (body
 * validation, idempotent replays, the handler), so a route that forgets its own guard is still
 * closed. Routes keep their own guards; the account is loaded once per request.
 */
export function registerRoutePolicies(app: FastifyInstance, guards: Guards) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') && !isApiRoute(route.url)) return;
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
