import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SiteInfoSchema } from '@jamii/shared';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';

/** Public facts about this installation that the landing page shows (contact details from settings). */
export const siteRoutes: FastifyPluginAsyncZod<Platform> = async (app, ctx) => {
  const route = routeKit(app, ctx.guards, 'site');

  route.get(
    '/api/site',
    {
      policy: 'public',
      summary: 'Contact details shown on the landing page',
      response: { 200: SiteInfoSchema },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return { contact_email: ctx.config.contactEmail, contact_phone: ctx.config.contactPhone };
    },
  );
};
