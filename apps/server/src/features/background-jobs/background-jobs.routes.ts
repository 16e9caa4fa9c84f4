import { FailedJobSchema } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { PageQuery, sendPage, toPageRequest } from '../../platform/pagination';

/** The queue's dead letters (DESIGN §8.8): jobs that used all their attempts, for admins. */
export const backgroundJobsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  app.get(
    '/api/admin/background-jobs/failed',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Background jobs that failed on every attempt, newest first (admins)',
        querystring: PageQuery,
        response: { 200: z.array(FailedJobSchema) },
      },
      preHandler: p.guards.requireAdmin,
      config: { policy: 'admin' },
    },
    async (req, reply) => {
      const page = await p.queue.listFailed(toPageRequest(req.query));
      return sendPage(reply, {
        nextCursor: page.nextCursor,
        items: page.items.map((job) => ({
          ...job,
          failed_at: job.failed_at.toISOString(),
          created_at: job.created_at.toISOString(),
        })),
      });
    },
  );
};
