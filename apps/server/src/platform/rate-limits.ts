import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { AppError } from './errors';

// Limits that a real service uses for its account endpoints (Mastodon: 5 sign-ups per 30 minutes per
// address, 25 logins per 5 minutes). Each is a preHandler, so it sees the parsed body.
const field = (name: string) => (request: FastifyRequest) => {
  const value = (request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.trim().replace(/^@/, '').toLowerCase() : '';
};

export interface RateLimits {
  signup: preHandlerHookHandler[];
  login: preHandlerHookHandler[];
  forgotPassword: preHandlerHookHandler[];
  resetPassword: preHandlerHookHandler[];
}

export function createRateLimits(app: FastifyInstance, enabled: boolean): RateLimits {
  if (!enabled) return { signup: [], login: [], forgotPassword: [], resetPassword: [] };
  // createRateLimit (not rateLimit): the plugin's own handlers skip a request the global limit has
  // already counted, which would make these extra limits never apply.
  const limit = (
    max: number,
    timeWindow: string,
    key: (req: FastifyRequest) => string,
  ): preHandlerHookHandler => {
    const check = app.createRateLimit({ max, timeWindow, keyGenerator: key });
    return async (request, reply) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new AppError('RATE_LIMITED', 429, 'Too many attempts. Please wait a while and try again.');
      }
    };
  };
  const byIp = (name: string, max: number, timeWindow: string) =>
    limit(max, timeWindow, (req) => `${name}:ip:${req.ip}`);
  const byField = (name: string, fieldName: string, max: number, timeWindow: string) =>
    limit(max, timeWindow, (req) => `${name}:${fieldName}:${field(fieldName)(req) || req.ip}`);
  return {
    signup: [byIp('signup', 5, '30 minutes')],
    login: [byIp('login', 25, '5 minutes'), byField('login', 'username', 10, '15 minutes')],
    forgotPassword: [byIp('forgot', 20, '1 hour'), byField('forgot', 'email', 5, '1 hour')],
    resetPassword: [byIp('reset', 20, '1 hour')],
  };
}
