import { ReviewInput, ReviewSchema } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';
import { toPageRequest } from '../../platform/pagination';
import { MemberKey } from '../../platform/params';
import { createReviewsService } from './reviews.service';

export const reviewsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const reviews = createReviewsService(p, app.log);
  const route = routeKit(app, p.guards, 'reviews');

  route.created(
    '/api/reviews',
    {
      policy: 'member',
      summary:
        'Review the other party of a Completed bid (`bid_id`) or a hire (`application_id`), once; 409 before the deal is done or on a second review',
      body: ReviewInput,
      response: { 201: ReviewSchema },
    },
    async (req) => reviews.create(req.user, req.body),
  );

  route.page(
    '/api/users/:username/reviews',
    {
      policy: 'public',
      viewer: true,
      summary: 'The reviews a member received, newest first; keyset pages',
      params: z.object({ username: MemberKey }),
      response: { 200: z.array(ReviewSchema) },
    },
    async (req) => reviews.listOf(req.params.username, req.user ?? null, toPageRequest(req.query)),
  );
};
