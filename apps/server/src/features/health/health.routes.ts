import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema, ReadySchema } from '@jamii/shared';
import type { Platform } from '../../platform/context';

export const healthRoutes: FastifyPluginAsyncZod<Platform> = async (app, ctx) => {
  app.get(
    '/api/health',
    {
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: HealthSchema } },
      config: { policy: 'public' },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers (503 when it does not)',
        response: { 200: ReadySchema, 503: ReadySchema },
      },
      config: { policy: 'public' },
    },
    async (request, reply) => {
      try {
        await ctx.database.ping();
        return { status: 'ok' as const, database: 'up' as const };
      } catch (err) {
        request.log.warn({ err }, 'readiness check: database unreachable');
        return reply.code(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  );
};
