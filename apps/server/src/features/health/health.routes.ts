import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema, ReadySchema } from '@jamii/shared';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';

export const healthRoutes: FastifyPluginAsyncZod<Platform> = async (app, ctx) => {
  const route = routeKit(app, ctx.guards, 'health');

  route.get(
    '/api/health',
    { policy: 'public', summary: 'The process is up', response: { 200: HealthSchema } },
    async () => ({ status: 'ok' as const }),
  );

  route.get(
    '/api/ready',
    {
      policy: 'public',
      summary: 'The database answers (503 when it does not)',
      response: { 200: ReadySchema, 503: ReadySchema },
    },
    async (request, reply) => {
      try {
        await ctx.database.ping();
        return { status: 'ok' as const, database: 'up' as const, replicas: ctx.reads.replicas() };
      } catch (err) {
        request.log.warn({ err }, 'readiness check: database unreachable');
        return reply
          .code(503)
          .send({ status: 'unavailable', database: 'down', replicas: ctx.reads.replicas() });
      }
    },
  );
};
