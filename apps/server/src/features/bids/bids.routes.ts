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
import { PageQuery } from '../../platform/pagination';
import { IdParam } from '../../platform/params';
import { routeKit } from '../../platform/routes';
import { createBidsService } from './bids.service';

const ListQuery = PageQuery.extend(BidListQuery.shape);

export const bidsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const bids = createBidsService(p, app.log);
  p.reportables.register('bid', {
    table: 'bids',
    authorColumn: 'client_id',
    previewColumn: 'job_title',
    moderated: true,
    remove: (admin, id) => bids.remove(admin, id),
  });
  p.reportables.register('offer', {
    table: 'offers',
    authorColumn: 'user_id',
    previewColumn: 'message',
    moderated: true,
    remove: (admin, id) => bids.removeOffer(admin, id),
  });
  const route = routeKit(app, p.guards, 'bids');

  route.page(
    '/api/bids',
    {
      policy: 'member',
      summary:
        'Bid requests, newest first, each with its poster, its first offers (and always the accepted and the reader’s own) and the counts of all; keyset pages',
      querystring: ListQuery,
      response: { 200: z.array(BidSchema) },
    },
    async (req) => bids.list(req.user, req.query),
  );

  route.get(
    '/api/bids/:id',
    {
      policy: 'member',
      summary: 'One bid request with its offers',
      params: IdParam,
      response: { 200: BidSchema },
    },
    async (req) => bids.get(req.user, req.params.id),
  );

  route.created(
    '/api/bids',
    { policy: 'member', summary: 'Post a bid request', body: BidInput, response: { 201: BidSchema } },
    async (req) => bids.create(req.user, req.body),
  );

  route.created(
    '/api/bids/offer',
    {
      policy: 'member',
      summary: 'Place an offer (price ≤ max price; not on one’s own or a Closed bid)',
      body: OfferInput,
      response: { 201: OfferSubmittedSchema },
    },
    async (req) => bids.placeOffer(req.user, req.body),
  );

  // `id` names the bid here and the offer in PATCH and DELETE: one path, whose parameter each
  // operation describes (two names for one place would be two clashing paths in the API document).
  route.get(
    '/api/bids/offers/:id',
    {
      policy: 'owner',
      summary: 'Every offer on one bid, oldest first',
      params: z.object({ id: Id.describe('The bid’s id') }),
      response: { 200: z.array(OfferSchema) },
    },
    async (req) => bids.listOffers(req.user, req.params.id),
  );

  route.put(
    '/api/bids/offer/accept/:offerId',
    {
      policy: 'owner',
      summary: 'Accept an offer (the bid’s owner; once per bid); the bid becomes Closed',
      params: z.object({ offerId: Id }),
      response: { 200: OfferSchema },
    },
    async (req) => bids.acceptOffer(req.user, req.params.offerId),
  );

  route.patch(
    '/api/bids/:id',
    {
      policy: 'owner',
      summary: 'Edit a bid (its owner, while Open); answers it with edited_at',
      params: IdParam,
      body: BidPatchInput,
      response: { 200: BidSchema },
    },
    async (req) => bids.update(req.user, req.params.id, req.body),
  );

  route.removed(
    '/api/bids/:id',
    {
      policy: 'owner',
      summary: 'Delete a bid and its offers (its owner or an admin)',
      params: IdParam,
    },
    async (req) => bids.remove(req.user, req.params.id),
  );

  route.post(
    '/api/bids/:id/complete',
    {
      policy: 'owner',
      summary: 'Mark a bid Completed (its owner, after accepting an offer)',
      params: IdParam,
      response: { 200: BidSchema },
    },
    async (req) => bids.complete(req.user, req.params.id),
  );

  route.patch(
    '/api/bids/offers/:id',
    {
      policy: 'owner',
      summary: 'Edit one’s pending offer on an Open bid (price, message, delivery days)',
      params: IdParam,
      body: OfferPatchInput,
      response: { 200: OfferSchema },
    },
    async (req) => bids.updateOffer(req.user, req.params.id, req.body),
  );

  route.delete(
    '/api/bids/offers/:id',
    {
      policy: 'owner',
      summary: 'Withdraw one’s pending offer on an Open bid; answers it as withdrawn',
      params: IdParam,
      response: { 200: OfferSchema },
    },
    async (req) => bids.withdrawOffer(req.user, req.params.id),
  );
};
