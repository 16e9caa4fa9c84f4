import {
  BID_SUBMITTED_MESSAGE,
  formatPrice,
  type BidInputValues,
  type BidListQueryValues,
  type OfferInputValues,
} from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser } from '../../platform/auth';
import type { Platform } from '../../platform/context';
import { conflict, forbidden, notFound, validationError } from '../../platform/errors';
import { toPage, toPageRequest, type PageQueryValues } from '../../platform/pagination';
import { isUniqueViolation } from '../../platform/pg-errors';
import { createNotifier } from '../notifications/notifications.service';
import { toBidDto, toOfferDto } from './bids.mapper';
import { canAcceptOffer, canPlaceOffer } from './bids.policy';
import * as repo from './bids.repo';

/** Prices are kept in cents (numeric(12, 2)): compare what will be stored. */
const toCents = (amount: number) => Math.round(amount * 100);

const bidClosed = () => conflict('BID_CLOSED', 'This bid no longer accepts offers');
const offerAlreadyAccepted = () =>
  conflict('OFFER_ALREADY_ACCEPTED', 'An offer has already been accepted for this bid');

export function createBidsService(p: Pick<Platform, 'db' | 'events'>, log: FastifyBaseLogger) {
  const { db } = p;
  const notifier = createNotifier(db, p.events);

  /** Bids with their offers in two queries, whatever the number of bids. */
  async function withOffers(bids: repo.BidRow[]) {
    const offers = await repo.listOffersForBids(
      db,
      bids.map((b) => b.id),
    );
    const byBid = new Map<number, repo.OfferRow[]>();
    for (const offer of offers) {
      const list = byBid.get(offer.bid_id);
      if (list) list.push(offer);
      else byBid.set(offer.bid_id, [offer]);
    }
    return bids.map((bid) => toBidDto(bid, byBid.get(bid.id) ?? []));
  }

  return {
    async list(query: PageQueryValues & BidListQueryValues) {
      const page = toPageRequest(query);
      const rows = await repo.listBids(db, { clientId: query.user_id, search: query.search }, page);
      const result = toPage(rows, page);
      return { ...result, items: await withOffers(result.items) };
    },

    async get(id: number) {
      const bid = await repo.findBid(db, id);
      if (!bid) throw notFound('Bid');
      return (await withOffers([bid]))[0]!;
    },

    async create(user: CurrentUser, input: BidInputValues) {
      const { id } = await repo.insertBid(db, { client_id: user.id, ...input });
      log.info({ bidId: id, userId: user.id }, 'bid posted');
      return toBidDto((await repo.findBid(db, id))!, []);
    },

    async listOffers(bidId: number) {
      const bid = await repo.findBid(db, bidId);
      if (!bid) throw notFound('Bid');
      return (await repo.listOffersForBids(db, [bidId])).map(toOfferDto);
    },

    /** The bidder is the caller; the bid's owner is told (written in the transaction, pushed after it). */
    async placeOffer(user: CurrentUser, input: OfferInputValues) {
      const { offer, publish } = await db.transaction().execute(async (trx) => {
        const bid = await repo.lockBid(trx, input.bid_id, 'share');
        if (!bid) throw notFound('Bid');
        if (!canPlaceOffer(user, bid)) throw forbidden('You cannot place an offer on your own bid');
        if (bid.status === 'Closed') throw bidClosed();
        if (toCents(input.offer_price) > toCents(Number(bid.max_price))) {
          throw validationError({
            offer_price: `Price cannot be more than the max price of ${formatPrice(Number(bid.max_price))}`,
          });
        }
        const { id } = await repo.insertOffer(trx, {
          bid_id: bid.id,
          user_id: user.id,
          offer_price: input.offer_price,
          message: input.message,
        });
        const publish = await notifier.notifyIn(
          trx,
          bid.client_id,
          `${user.name} placed an offer of ${formatPrice(input.offer_price)} on your bid ${bid.job_title}`,
        );
        return { offer: (await repo.findOffer(trx, id))!, publish };
      });
      publish();
      log.info({ bidId: input.bid_id, offerId: offer.id, userId: user.id }, 'offer placed');
      return { message: BID_SUBMITTED_MESSAGE, offer: toOfferDto(offer) };
    },

    /** Pending to accepted, once per bid, by the bid's owner only; the bid closes for good. */
    async acceptOffer(user: CurrentUser, offerId: number) {
      try {
        const { offer, publish } = await db.transaction().execute(async (trx) => {
          const found = await repo.findOfferBidId(trx, offerId);
          if (!found) throw notFound('Offer');
          // Lock the bid row so two clicks of its owner cannot accept two offers.
          const bid = await repo.lockBid(trx, found.bid_id, 'update');
          if (!bid) throw notFound('Offer');
          if (!canAcceptOffer(user, bid)) throw forbidden('Only the bid’s owner can accept an offer');
          if (bid.status === 'Closed') throw offerAlreadyAccepted();
          await repo.markOfferAccepted(trx, offerId);
          await repo.closeBid(trx, bid.id);
          const publish = await notifier.notifyIn(
            trx,
            found.user_id,
            `Your offer on ${bid.job_title} was accepted`,
            'success',
          );
          return { offer: (await repo.findOffer(trx, offerId))!, publish };
        });
        publish();
        log.info({ bidId: offer.bid_id, offerId }, 'offer accepted');
        return toOfferDto(offer);
      } catch (err) {
        // The partial unique index, should a path ever skip the lock.
        if (isUniqueViolation(err)) throw offerAlreadyAccepted();
        throw err;
      }
    },
  };
}

export type BidsService = ReturnType<typeof createBidsService>;
