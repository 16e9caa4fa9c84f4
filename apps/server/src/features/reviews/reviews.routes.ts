import { ReviewInput, ReviewSchema } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { PageQuery, sendPage, toPageRequest } from '../../platform/pagination';
import { MemberKey } from '../../platform/params';
import { createReviewsService } from './reviews.service';

export const reviewsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const reviews = createReviewsService(p, app.log);
  const { requireUser, optionalUser } = p.guards;

  app.post(
    '/api/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'Review the other party of a Completed bid (`bid_id`) or a hire (`application_id`), once; 409 before the deal is done or on a second review',
        body: ReviewInput,
        response: { 201: ReviewSchema },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req, reply) => reply.code(201).send(await reviews.create(req.user, req.body)),
  );

  app.get(
    '/api/users/:username/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'The reviews a member received, newest first; keyset pages',
        params: z.object({ username: MemberKey }),
        querystring: PageQuery,
        response: { 200: z.array(ReviewSchema) },
      },
      preHandler: optionalUser,
      config: { policy: 'public' },
    },
    async (req, reply) =>
      sendPage(reply, await reviews.listOf(req.params.username, req.user ?? null, toPageRequest(req.query))),
  );
};
