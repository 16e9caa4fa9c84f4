import {
  BidInput,
  BidPatchInput,
  Id,
  BidListQuery,
  BidSchema,
  OfferInput,
  OfferPatchInput,
  OfferSchema,
  OfferSubmittedSchema,
} from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { PageQuery, sendPage } from '../../platform/pagination';
import { NoContent } from '../../platform/responses';
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
      config: { policy: 'member' },
    },
    async (req, reply) => sendPage(reply, await bids.list(req.user, req.query)),
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
      config: { policy: 'member' },
    },
    async (req) => bids.get(req.user, req.params.id),
  );

  app.post(
    '/api/bids',
    {
      schema: { tags: ['bids'], summary: 'Post a bid request', body: BidInput, response: { 201: BidSchema } },
      preHandler: requireUser,
      config: { policy: 'member' },
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
      config: { policy: 'member' },
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
      config: { policy: 'owner' },
    },
    async (req) => bids.listOffers(req.user, req.params.bidId),
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
      config: { policy: 'owner' },
    },
    async (req) => bids.acceptOffer(req.user, req.params.offerId),
  );

  app.patch(
    '/api/bids/:id',
    {
      schema: {
        tags: ['bids'],
        summary: 'Edit a bid (its owner, while Open); answers it with edited_at',
        params: z.object({ id: Id }),
        body: BidPatchInput,
        response: { 200: BidSchema },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req) => bids.update(req.user, req.params.id, req.body),
  );

  app.delete(
    '/api/bids/:id',
    {
      schema: {
        tags: ['bids'],
        summary: 'Delete a bid and its offers (its owner or an admin)',
        params: z.object({ id: Id }),
        response: { 204: NoContent },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req, reply) => {
      await bids.remove(req.user, req.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/bids/:id/complete',
    {
      schema: {
        tags: ['bids'],
        summary: 'Mark a bid Completed (its owner, after accepting an offer)',
        params: z.object({ id: Id }),
        response: { 200: BidSchema },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req) => bids.complete(req.user, req.params.id),
  );

  app.patch(
    '/api/bids/offers/:id',
    {
      schema: {
        tags: ['bids'],
        summary: 'Edit one’s pending offer on an Open bid (price, message, delivery days)',
        params: z.object({ id: Id }),
        body: OfferPatchInput,
        response: { 200: OfferSchema },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req) => bids.updateOffer(req.user, req.params.id, req.body),
  );

  app.delete(
    '/api/bids/offers/:id',
    {
      schema: {
        tags: ['bids'],
        summary: 'Withdraw one’s pending offer on an Open bid; answers it as withdrawn',
        params: z.object({ id: Id }),
        response: { 200: OfferSchema },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req) => bids.withdrawOffer(req.user, req.params.id),
  );
};
