import { ExploreQuery } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { createExploreService } from './explore.service';

const Topic = z.object({
  tag: z.string(),
  title: z.string(),
  description: z.string(),
  posts: z.number(),
  recent_posts: z.number(),
});
const Hiring = z.object({
  job_id: z.number(),
  company: z.string(),
  role: z.string(),
  location: z.string(),
  link: z.string(),
});

export const exploreRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const explore = createExploreService(p);

  app.get(
    '/api/topics/explore',
    {
      schema: {
        tags: ['explore'],
        summary: 'Hashtags with their post counts, trending first',
        querystring: ExploreQuery,
        response: { 200: z.array(Topic) },
      },
    },
    async (req) => explore.trendingTopics(req.query),
  );

  app.get(
    '/api/hiring/explore',
    {
      schema: {
        tags: ['explore'],
        summary: 'Companies with open jobs: company, role, location, link',
        querystring: ExploreQuery,
        response: { 200: z.array(Hiring) },
      },
    },
    async (req) => explore.hiringCompanies(req.query),
  );
};
