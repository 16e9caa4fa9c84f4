import { ExploreQuery, HiringQuery, HiringSchema, TopicSchema } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { createExploreService } from './explore.service';

export const exploreRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const explore = createExploreService(p);

  app.get(
    '/api/topics/explore',
    {
      schema: {
        tags: ['explore'],
        summary: 'Hashtags with their post counts, trending first',
        querystring: ExploreQuery,
        response: { 200: z.array(TopicSchema) },
      },
      config: { policy: 'public' },
    },
    async (req) => explore.trendingTopics(req.query),
  );

  app.get(
    '/api/hiring/explore',
    {
      schema: {
        tags: ['explore'],
        summary: 'Companies with open jobs: company, role, location, link (optionally in one county)',
        querystring: HiringQuery,
        response: { 200: z.array(HiringSchema) },
      },
      config: { policy: 'public' },
    },
    async (req) => explore.hiringCompanies(req.query),
  );
};
