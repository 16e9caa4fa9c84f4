import { ExploreQuery, type HiringDto, type TopicDto } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { findHiringCompanies, findTrendingTopics } from './explore.repo';

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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

// Ranked lists (trending, newest company) with a small bounded size, so they take `limit` only.
export const exploreRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
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
    async (req): Promise<TopicDto[]> =>
      (await findTrendingTopics(p.db, { limit: req.query.limit, search: req.query.search || undefined })).map(
        (t) => ({
          ...t,
          title: `#${t.tag}`,
          description: `${plural(t.posts, 'post')}${t.recent_posts ? `, ${t.recent_posts} this week` : ''}`,
        }),
      ),
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
    async (req): Promise<HiringDto[]> =>
      (
        await findHiringCompanies(p.db, { limit: req.query.limit, search: req.query.search || undefined })
      ).map((j) => ({
        job_id: j.id,
        company: j.company,
        role: j.title,
        location: j.location,
        link: `/explore/jobs/${j.id}`,
      })),
  );
};
