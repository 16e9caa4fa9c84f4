import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type helmetType from 'helmet';
import type { HelmetOptions } from 'helmet';
import type { AppContext } from './context';
import { redisStoreWithFallback } from './rate-limits';

const UNLIMITED_PATHS = new Set(['/api/health', '/api/ready']);

// helmet itself, as @fastify/helmet ships it (not a package of our own).
const require = createRequire(import.meta.url);
const helmet = createRequire(require.resolve('@fastify/helmet'))('helmet') as typeof helmetType;

/**
 * The headers helmet sets for these options, worked out once. Our policy depends on nothing in the
 * request, while @fastify/helmet builds helmet's whole middleware (parsing the policy's directives
 * again) in two hooks on every request: about a tenth of the time of a small API answer.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** Our security headers (CSP, nosniff, frame and referrer policies…), the same on every answer. */
export function appSecurityHeaders(ctx: Pick<AppContext, 'config'>): Record<string, string> {
  return securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The built app has no inline script; styles are files too (React sets styles through the CSSOM).
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Media is served to our own pages only; allow it to be embedded by same-site documents.
    crossOriginResourcePolicy: { policy: 'same-site' },
    hsts: ctx.config.publicUrl.startsWith('https:'),
  });
}

/** Security headers for every answer, and a default request limit for every API call. */
export async function registerSecurity(
  app: FastifyInstance,
  ctx: AppContext,
  headers = appSecurityHeaders(ctx),
) {
  // Before any other hook, so answers a later hook ends (401, 429, 404) carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  if (!ctx.config.rateLimits) {
    app.log.warn('RATE_LIMITS=off: every request limit is disabled (load tests and local runs only)');
    return;
  }
  await app.register(rateLimit, {
    global: true,
    max: 300,
    timeWindow: '1 minute',
    // Shared through Redis while it answers; counted in memory while it does not (never a 500).
    ...(ctx.redis ? { store: redisStoreWithFallback(ctx.redis, app.log, 'jamii-rl:') } : {}),
    // Pages and their files are cached and cheap; the limits guard the API.
    allowList: (req) => !req.url.startsWith('/api/') || UNLIMITED_PATHS.has(req.url.split('?')[0]!),
  });
}
