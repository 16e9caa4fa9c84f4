import type { FastifyRequest } from 'fastify';

/**
 * What a request's log lines say about it. The route's pattern (`/api/users/:id/follow`), never the
 * address as typed: paths and query strings carry usernames, searches and tokens (a reset link's
 * page, `?token=`), and logs outlive an erased account (docs/features/your-data.md). Unrouted addresses are logged
 * without their query.
 */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.routeOptions?.url ?? request.url.split('?')[0],
    remoteAddress: request.ip,
  };
}
