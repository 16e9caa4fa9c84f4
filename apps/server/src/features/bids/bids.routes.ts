import {
  BidInput,
  Id,
  BidListQuery,
  BidSchema,
  OfferInput,
  OfferSchema,
  OfferSubmittedSchema,
} from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { PageQuery, sendPage } from '../../platform/pagination';
import { createBidsService } from './bids.service';

const ListQuery = PageQuery.extend(BidListQuery.shape);

export const bidsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const bids = createBidsService(p, app.log);
  const { requireUser } = p.guards;

  app.get(
    '/api/bids',
    {
      schema: {
        tags: ['bids'],
        summary: 'Bid requests, newest first, each with its poster and offers; keyset pages',
        querystring: ListQuery,
        response: { 200: z.array(BidSchema) },
      },
      preHandler: requireUser,
    },
    async (req, reply) => sendPage(reply, await bids.list(req.query)),
  );

  app.get(
    '/api/bids/:id',
    {
      schema: {
        tags: ['bids'],
        summary: 'One bid request with its offers',
        params: z.object({ id: Id }),
        response: { 200: BidSchema },
      },
      preHandler: requireUser,
    },
    async (req) => bids.get(req.params.id),
  );

  app.post(
    '/api/bids',
    {
      schema: { tags: ['bids'], summary: 'Post a bid request', body: BidInput, response: { 201: BidSchema } },
      preHandler: requireUser,
    },
    async (req, reply) => reply.code(201).send(await bids.create(req.user, req.body)),
  );

  app.post(
    '/api/bids/offer',
    {
      schema: {
        tags: ['bids'],
        summary: 'Place an offer (price ≤ max price; not on one’s own or a Closed bid)',
        body: OfferInput,
        response: { 201: OfferSubmittedSchema },
      },
      preHandler: requireUser,
    },
    async (req, reply) => reply.code(201).send(await bids.placeOffer(req.user, req.body)),
  );

  app.get(
    '/api/bids/offers/:bidId',
    {
      schema: {
        tags: ['bids'],
        summary: 'The offers on one bid, oldest first',
        params: z.object({ bidId: Id }),
        response: { 200: z.array(OfferSchema) },
      },
      preHandler: requireUser,
    },
    async (req) => bids.listOffers(req.params.bidId),
  );

  app.put(
    '/api/bids/offer/accept/:offerId',
    {
      schema: {
        tags: ['bids'],
        summary: 'Accept an offer (the bid’s owner; once per bid); the bid becomes Closed',
        params: z.object({ offerId: Id }),
        response: { 200: OfferSchema },
      },
      preHandler: requireUser,
    },
    async (req) => bids.acceptOffer(req.user, req.params.offerId),
  );
};
