import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { isLimitedRoute, redisStoreWithFallback } from './rate-limits';

/**
 * Browser features no page of ours may use. The app plays videos (autoplay: muted previews start by
 * themselves) and copies a link to share (clipboard-write); it reads no position, camera or
 * microphone: a picture is chosen with a file input, whose camera option is the phone's own app,
 * not a page permission. Sharing (web-share) keeps its default, this site only, and is left out: a
 * browser without it (desktop Chromium on Linux) warns about every name it does not know.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'browsing-topics=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'gamepad=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'identity-credentials-get=()',
  'idle-detection=()',
  'local-fonts=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'otp-credentials=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-create=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'window-management=()',
  'xr-spatial-tracking=()',
].join(', ');

/** The content security policy: every kind of resource from our own origin only, nothing inline. */
const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  // The built app has no inline script; styles are files too (React sets styles through the CSSOM).
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Our security headers (CSP, nosniff, frame, referrer and permissions policies…), the same on every
 * answer: none depends on the request, so they are a table worked out once, set in one hook. These
 * are the values helmet's defaults would set, written out so that a reader sees every header sent.
 */
export function appSecurityHeaders(ctx: Pick<AppContext, 'config'>): Record<string, string> {
  return {
    'content-security-policy': Object.entries(CONTENT_SECURITY_POLICY)
      .map(([name, sources]) => `${name} ${sources.join(' ')}`)
      .join(';'),
    'cross-origin-opener-policy': 'same-origin',
    // Media is served to our own pages only; allow it to be embedded by same-site documents.
    'cross-origin-resource-policy': 'same-site',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    // Only over HTTPS: a browser told so over plain HTTP would refuse the local address next time.
    ...(ctx.config.publicUrl.startsWith('https:')
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    // The old XSS auditors did more harm than good; 0 turns them off where they still exist.
    'x-xss-protection': '0',
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

/**
 * A member's answers never stay in a cache (a shared computer's browser, a proxy): every answer to a
 * valid bearer token (only API calls carry one), and every answer that sets a cookie (login and
 * refresh hand out the refresh cookie, logout clears it), carry `Cache-Control: no-store`, unless
 * the route chose its own: an answer the same for everyone (/api/site's `public, max-age=300`),
 * media and the built app's files keep theirs. Visitors' answers are left as they were. Registered after @fastify/cookie, whose own
 * onSend hook writes the cookies this one looks for.
 */
export function registerPrivateAnswers(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && (request.tokenUserId !== null || reply.hasHeader('set-cookie')))
      reply.header('cache-control', 'no-store');
    done(null, payload);
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
    // By the route matched, never the raw address. The checks made with createRateLimit (login,
    // uploads, messages…) inherit this list too: it must never let an API route through.
    allowList: (req) => !isLimitedRoute(req),
  });
}
