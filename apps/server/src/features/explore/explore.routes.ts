import { ExploreQuery, HiringQuery, HiringSchema, TopicSchema } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';
import { createExploreService } from './explore.service';

export const exploreRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const explore = createExploreService(p);
  const route = routeKit(app, p.guards, 'explore');

  route.get(
    '/api/topics/explore',
    {
      policy: 'public',
      summary: 'Hashtags with their post counts, trending first',
      querystring: ExploreQuery,
      response: { 200: z.array(TopicSchema) },
    },
    async (req) => explore.trendingTopics(req.query, req.user?.id ?? null),
  );

  route.get(
    '/api/hiring/explore',
    {
      policy: 'public',
      summary: 'Companies with open jobs: company, role, location, link (optionally in one county)',
      querystring: HiringQuery,
      response: { 200: z.array(HiringSchema) },
    },
    async (req) => explore.hiringCompanies(req.query, req.user?.id ?? null),
  );
};
