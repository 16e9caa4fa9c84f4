import type { FastifyRequest } from 'fastify';

// Decisions about a request (its limits, their allow-lists, its idempotency key) are taken on the
// route the router matched, never on the address as the caller spelt it: the router decodes
// `/%61pi/login`, folds case and repeated or trailing slashes (app.ts), reads an absolute-form
// target (`POST http://host/api/login`) and drops the query, so the raw `request.url` of one route
// can be written in countless ways. See docs/security.md.

/** The matched route's path pattern (`/api/users/:id/export`); undefined when none matched (404). */
export const routePattern = (request: FastifyRequest): string | undefined => request.routeOptions.url;

/** The matched route as `METHOD pattern` (`DELETE /api/posts/:id`); `METHOD ` when none matched. */
export const routeKey = (request: FastifyRequest) => `${request.method} ${routePattern(request) ?? ''}`;

/** A route of the API: everything under /api, and /me (the current member's other address). */
export const isApiRoute = (pattern: string | undefined): pattern is string =>
  pattern !== undefined && (pattern === '/me' || pattern.startsWith('/api/'));

/**
 * The path of the matched route with this request's parameters written in (`/api/posts/12/comments`
 * for `/api/posts/:id/comments`): one spelling per resource, however the address was written.
 */
export function routePath(request: FastifyRequest): string {
  const pattern = routePattern(request) ?? '';
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  return pattern.replace(/:(\w+)|\*$/g, (_match, name: string | undefined) => params[name ?? '*'] ?? '');
}
