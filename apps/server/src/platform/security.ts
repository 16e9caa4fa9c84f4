import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { redisStoreWithFallback } from './rate-limits';

const UNLIMITED_PATHS = new Set(['/api/health', '/api/ready']);

/** Security headers for every answer, and a default request limit for every API call. */
export async function registerSecurity(app: FastifyInstance, ctx: AppContext) {
  await app.register(helmet, {
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
