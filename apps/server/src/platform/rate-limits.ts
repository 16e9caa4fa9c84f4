import { createRequire } from 'node:module';
import { normalizeIP, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
} from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './errors';
import { isRedisReady } from './redis';
import { isApiRoute, routeKey, routePattern } from './route-key';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A page counted in the API's request limit, per address (a shared item's page reads the database). */
    limited?: boolean;
  }
}

/**
 * Never limited by address: load balancers and probes call the health checks all the time, and every
 * USSD session and inbound SMS of the country comes from the gateway's few addresses (which alone
 * these callbacks answer).
 */
const UNLIMITED_ROUTES = new Set(['/api/health', '/api/ready', '/api/ussd', '/api/sms/inbound']);

/**
 * Whether the request limits count a request, by the route it matched: every API route but the
 * health checks, and the pages that declare `limited`. Nothing else (the built app's files, media,
 * a 404) is counted: they are cached and cheap, and an address no route answers does no work.
 */
export function isLimitedRoute(request: FastifyRequest): boolean {
  const pattern = routePattern(request);
  if (request.routeOptions.config.limited === true) return true;
  return isApiRoute(pattern) && !UNLIMITED_ROUTES.has(pattern);
}

/**
 * The client address as the limits count it: an IPv6 address by its /64 (one household's or one
 * server's share, all of which it may use at will), an IPv4-mapped one as the IPv4 address.
 */
export const clientKey = (request: FastifyRequest) => normalizeIP(request.ip);

// Limits that a real service uses for its account endpoints (Mastodon: 5 sign-ups per 30 minutes per
// address, 25 logins per 5 minutes). Each is a preHandler, so it sees the parsed body.
const field = (name: string) => (request: FastifyRequest) => {
  const value = (request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.trim().replace(/^@/, '').toLowerCase() : '';
};

/**
 * Per signed-in account, as Mastodon limits its accounts: expensive work (decoding pictures and
 * videos, deleting content with its files) is counted by account, so spreading requests over many
 * addresses does not help. Keyed by the member id of a valid access token.
 */
export const ACCOUNT_LIMITS = {
  requests: { max: 300, timeWindow: '5 minutes' },
  uploads: { max: 30, timeWindow: '30 minutes' },
  deletes: { max: 30, timeWindow: '30 minutes' },
  // A data export reads every row and file of the account: a few a day is what a member needs.
  exports: { max: 5, timeWindow: '1 hour' },
} as const;

/** Routes whose every call is a media upload; a post counts only when it carries a picture. */
const UPLOAD_ROUTES = new Set(['PUT /api/user/:id/profile-pic', 'POST /api/videos']);
/** Deletions of content with its rows and files (undoing a like, a follow or a save is not one). */
const DELETE_ROUTES = new Set([
  'DELETE /api/posts/:id',
  'DELETE /api/jobs/:id',
  'DELETE /api/videos/:id',
  'DELETE /api/users/:id',
  'DELETE /api/bids/:id',
  'DELETE /api/services/:id',
]);
const EXPORT_ROUTES = new Set(['GET /api/users/:id/export']);

export interface RateLimits {
  signup: preHandlerHookHandler[];
  login: preHandlerHookHandler[];
  forgotPassword: preHandlerHookHandler[];
  resetPassword: preHandlerHookHandler[];
  /** SMS codes asked from one address (each number also takes 3 an hour, counted in the database). */
  phoneStart: preHandlerHookHandler[];
  /** Codes tried from one address (each code also dies after 5 wrong tries). */
  phoneVerify: preHandlerHookHandler[];
  /**
   * Counts one media upload of the signed-in member (30 per 30 minutes), or answers 429. Pictures
   * and videos on their own routes are counted before the body is read; a route where the file is
   * optional calls this once it knows a file came.
   */
  countUpload(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

type Check = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function createRateLimits(app: FastifyInstance, enabled: boolean): RateLimits {
  if (!enabled)
    return {
      signup: [],
      login: [],
      forgotPassword: [],
      resetPassword: [],
      phoneStart: [],
      phoneVerify: [],
      countUpload: async () => undefined,
    };
  // createRateLimit (not rateLimit): the plugin's own handlers skip a request the global limit has
  // already counted, which would make these extra limits never apply.
  const limit = (
    max: number,
    timeWindow: string,
    key: (req: FastifyRequest) => string,
    message = 'Too many attempts. Please wait a while and try again.',
  ): Check => {
    const check = app.createRateLimit({ max, timeWindow, keyGenerator: key });
    return async (request, reply) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new AppError('RATE_LIMITED', 429, message);
      }
    };
  };
  const byIp = (name: string, max: number, timeWindow: string) =>
    limit(max, timeWindow, (req) => `${name}:ip:${clientKey(req)}`);
  const byField = (name: string, fieldName: string, max: number, timeWindow: string) =>
    limit(max, timeWindow, (req) => `${name}:${fieldName}:${field(fieldName)(req) || clientKey(req)}`);
  const byAccount = (name: keyof typeof ACCOUNT_LIMITS, message: string) =>
    limit(
      ACCOUNT_LIMITS[name].max,
      ACCOUNT_LIMITS[name].timeWindow,
      (req) => `account-${name}:${req.tokenUserId}`,
      message,
    );

  const requests = byAccount('requests', 'Too many requests. Please try again later.');
  const uploads = byAccount('uploads', 'Too many uploads. Please wait a while and try again.');
  const deletes = byAccount('deletes', 'Too many deletions. Please wait a while and try again.');
  const exports = byAccount('exports', 'Too many downloads of your data. Please try again later.');
  const countUpload: Check = async (request, reply) => {
    if (request.tokenUserId === null) return;
    try {
      await uploads(request, reply);
    } catch (err) {
      // The rest of a refused file is not worth the member's data: close once the answer is out.
      reply.header('connection', 'close');
      throw err;
    }
  };

  // After the bearer token is read (registerBearerAuth's hook comes first), before any body is.
  const countAccount = async (request: FastifyRequest, reply: FastifyReply) => {
    await requests(request, reply);
    const route = routeKey(request);
    if (UPLOAD_ROUTES.has(route)) await countUpload(request, reply);
    if (DELETE_ROUTES.has(route)) await deletes(request, reply);
    if (EXPORT_ROUTES.has(route)) await exports(request, reply);
  };
  // A callback hook: a visitor's request (no token) costs no promise here.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.tokenUserId === null || !isLimitedRoute(request)) return done();
    countAccount(request, reply).then(() => done(), done);
  });

  return {
    signup: [byIp('signup', 5, '30 minutes')],
    // The per-username limit counts failed logins only: features/auth/login-failures.ts.
    login: [byIp('login', 25, '5 minutes')],
    forgotPassword: [byIp('forgot', 20, '1 hour'), byField('forgot', 'email', 5, '1 hour')],
    resetPassword: [byIp('reset', 20, '1 hour')],
    // Each code is an SMS paid for: an address may ask 10 an hour, whatever the numbers.
    phoneStart: [byIp('phone-start', 10, '1 hour')],
    phoneVerify: [byIp('phone-verify', 30, '15 minutes')],
    countUpload,
  };
}

// The plugin's own stores (CommonJS files without type declarations of their own).
const require = createRequire(import.meta.url);
type StoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;
type Store = FastifyRateLimitStore & { read?: FastifyRateLimitStore['incr'] };
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreCtor;

/** After a Redis command fails, limits stay in memory this long before Redis is tried again. */
const REDIS_RETRY_AFTER_FAILURE_MS = 5_000;

/**
 * A rate-limit store that counts in Redis (shared by every instance) while Redis answers and in
 * this process's memory while it does not, so an outage neither fails requests nor lifts the
 * limits. A failed or slow command (ioredis gives up after its command timeout) sends the next
 * few seconds of counting to memory without waiting on Redis again.
 */
export function redisStoreWithFallback(redis: Redis, log: FastifyBaseLogger, nameSpace: string) {
  let memoryUntil = 0;
  const useRedis = () => isRedisReady(redis) && Date.now() >= memoryUntil;
  const fail = (err: Error) => {
    if (Date.now() >= memoryUntil)
      log.warn({ err: err.message }, 'redis did not answer a rate-limit check: counting in memory for now');
    memoryUntil = Date.now() + REDIS_RETRY_AFTER_FAILURE_MS;
  };

  class FallbackStore implements FastifyRateLimitStore {
    private readonly remote: Store;
    private readonly local: Store;
    constructor(
      params: { continueExceeding?: boolean; exponentialBackoff?: boolean },
      stores?: { remote: Store; local: Store },
    ) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      this.remote = stores?.remote ?? new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
      this.local = stores?.local ?? new LocalStore(continueExceeding, exponentialBackoff);
    }

    private call(method: 'incr' | 'read', ...[key, done, timeWindow, max]: Parameters<Store['incr']>) {
      const local = () => this.local[method]!(key, done, timeWindow, max);
      if (!useRedis()) return local();
      this.remote[method]!(
        key,
        (err, result) => {
          if (!err) return done(null, result);
          fail(err);
          local();
        },
        timeWindow,
        max,
      );
    }

    incr(...args: Parameters<Store['incr']>) {
      this.call('incr', ...args);
    }

    read(...args: Parameters<Store['incr']>) {
      this.call('read', ...args);
    }

    child(routeOptions: Parameters<Store['child']>[0]) {
      return new FallbackStore(routeOptions as never, {
        remote: this.remote.child(routeOptions) as Store,
        local: this.local.child(routeOptions) as Store,
      });
    }
  }
  return FallbackStore as unknown as FastifyRateLimitStoreCtor;
}
