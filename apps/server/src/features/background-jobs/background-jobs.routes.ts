import { FailedJobSchema } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';
import { toPageRequest } from '../../platform/pagination';

/** The queue's dead letters (docs/design.md#past-one-machine): jobs that used all their attempts, for admins. */
export const backgroundJobsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const route = routeKit(app, p.guards, 'moderation');

  route.page(
    '/api/admin/background-jobs/failed',
    {
      policy: 'admin',
      summary: 'Background jobs that failed on every attempt, newest first (admins)',
      response: { 200: z.array(FailedJobSchema) },
    },
    async (req) => {
      const page = await p.queue.listFailed(toPageRequest(req.query));
      return {
        nextCursor: page.nextCursor,
        items: page.items.map((job) => ({
          ...job,
          failed_at: job.failed_at.toISOString(),
          created_at: job.created_at.toISOString(),
        })),
      };
    },
  );
};
