import {
  BID_OFFERS_IN_LIST,
  BID_SUBMITTED_MESSAGE,
  countOffers,
  formatMoney,
  offerAboveMaxMessage,
  toCents,
  type BidInputValues,
  type BidListQueryValues,
  type BidPatchInputValues,
  type OfferInputValues,
  type OfferPatchInputValues,
  webPaths,
} from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser } from '../../platform/auth';
import { toViewer, type Viewer } from '../../platform/visibility';
import type { Platform } from '../../platform/context';
import { conflict, forbidden, notFound, validationError } from '../../platform/errors';
import { toPage, toPageRequest, type PageQueryValues } from '../../platform/pagination';
import { isUniqueViolation } from '../../platform/pg-errors';
import type { Kdb } from '../../db/database';
import { openConversation } from '../messages/messages.service';
import { createNotifier } from '../notifications/notifications.service';
import { releaseOnCompletion } from '../payments/payments.payout';
import { screen, screenStored } from '../shield/shield.service';
import { toBidDto, toOfferDto } from './bids.mapper';
import { canAcceptOffer, canChangeOffer, canDeleteBid, canEditBid, canPlaceOffer } from './bids.policy';
import * as repo from './bids.repo';
import { writeTransaction } from '../../platform/write-transaction';
import { assertListingOpen, assertMayReach } from '../../platform/interactions';

const bidClosed = () => conflict('BID_CLOSED', 'This bid no longer accepts offers');
const offerAlreadyAccepted = () =>
  conflict('OFFER_ALREADY_ACCEPTED', 'An offer has already been accepted for this bid');
const offerExists = () =>
  conflict('OFFER_EXISTS', 'You already have an offer on this bid: edit or withdraw it instead');
const offerNotPending = () =>
  conflict('OFFER_NOT_PENDING', 'Only a pending offer on an Open bid can be changed');

function groupByBid<T extends { bid_id: number }>(offers: T[]) {
  const byBid = new Map<number, T[]>();
  for (const offer of offers) {
    const list = byBid.get(offer.bid_id);
    if (list) list.push(offer);
    else byBid.set(offer.bid_id, [offer]);
  }
  return byBid;
}

/**
 * The shield's verdict on an offer's message: kept with it and shown to the bid's owner, never
 * held. Weighed as from an unverified author, as a message is: a bidder is often a stranger.
 */
const screenOffer = (message: string) => {
  const { risk_level, risk_reasons } = screen('bid', message, { email_verified: false });
  return { risk_level, risk_reasons };
};
export function createBidsService(
  p: Pick<Platform, 'db' | 'reader' | 'events' | 'queue' | 'clock'>,
  log: FastifyBaseLogger,
) {
  const { db } = p;
  const notifier = createNotifier(db, p.events);

  /** Bids with all their offers in two queries, whatever the number of bids. */
  async function withOffers(bids: repo.BidRow[], from: Kdb = db, viewer?: Viewer) {
    const offers = groupByBid(
      await repo.listOffersForBids(
        from,
        bids.map((b) => b.id),
        viewer,
      ),
    );
    return bids.map((bid) => {
      const all = offers.get(bid.id) ?? [];
      return toBidDto(bid, all, countOffers(all));
    });
  }

  /** Bids as a list carries them: a few offers each and the counts of all (BID_OFFERS_IN_LIST). */
  async function withOfferPreviews(bids: repo.BidRow[], viewer: Viewer, from: Kdb) {
    const offers = groupByBid(
      await repo.listOfferPreviewsForBids(
        from,
        bids.map((b) => b.id),
        viewer,
        BID_OFFERS_IN_LIST,
      ),
    );
    return bids.map((bid) => {
      const shown = offers.get(bid.id) ?? [];
      const counts = shown[0]
        ? {
            offer_count: Number(shown[0].offer_count),
            pending_offer_count: Number(shown[0].pending_offer_count),
          }
        : countOffers([]);
      return toBidDto(bid, shown, counts);
    });
  }

  async function load(id: number, from: Kdb = db) {
    const bid = await repo.findBid(from, id);
    if (!bid) throw notFound('Bid');
    return (await withOffers([bid], from))[0]!;
  }

  /**
   * The author's pending offer on an Open bid, for an edit or a withdrawal: the bid row is locked
   * (shared) first, so an accept of the same bid waits for the change or the change sees it.
   */
  async function lockOwnPendingOffer(trx: Kdb, user: CurrentUser, offerId: number) {
    const found = await repo.findOfferBidId(trx, offerId);
    if (!found) throw notFound('Offer');
    if (!canChangeOffer(user, found)) throw forbidden('Only its author can change an offer');
    const bid = await repo.lockBid(trx, found.bid_id, 'share');
    const offer = await repo.findOfferBidId(trx, offerId);
    if (!bid || !offer) throw notFound('Offer');
    if (bid.status !== 'Open' || offer.status !== 'pending') throw offerNotPending();
    return { bid: { ...bid, max_price: Number(bid.max_price) }, offer };
  }

  return {
    async list(viewer: CurrentUser, query: PageQueryValues & BidListQueryValues) {
      const page = toPageRequest(query);
      const seen = toViewer(viewer);
      const from = await p.reader(viewer.id);
      const rows = await repo.listBids(
        from,
        { clientId: query.user_id, search: query.search, viewer: seen },
        page,
      );
      const result = toPage(rows, page);
      return { ...result, items: await withOfferPreviews(result.items, seen, from) };
    },

    /** A bid the member may not see (hidden, held, blocked pair) is 404. */
    async get(viewer: CurrentUser, id: number) {
      const seen = toViewer(viewer);
      const bid = await repo.findBid(db, id, seen);
      if (!bid) throw notFound('Bid');
      return (await withOffers([bid], db, seen))[0]!;
    },

    async create(user: CurrentUser, input: BidInputValues) {
      const { id, publish } = await writeTransaction(db, async (trx) => {
        const { id } = await repo.insertBid(trx, { client_id: user.id, ...input });
        return { id, ...(await screenStored(trx, 'bids', id, p.events)) };
      });
      publish();
      log.info({ bidId: id, userId: user.id }, 'bid posted');
      return toBidDto((await repo.findBid(db, id))!, [], countOffers([]));
    },

    /**
     * The owner edits an Open bid (docs/design.md#offers-that-behave-like-a-marketplace). Offers already placed keep their meaning: the
     * currency stays once there are offers, and the max price stays at or above the highest one.
     */
    async update(user: CurrentUser, id: number, input: BidPatchInputValues) {
      const { bid, publish } = await writeTransaction(db, async (trx) => {
        const bid = await repo.lockBid(trx, id, 'update');
        if (!bid) throw notFound('Bid');
        if (!canEditBid(user, bid)) throw forbidden('Only the bid’s owner can edit it');
        if (bid.status !== 'Open') throw conflict('BID_CLOSED', 'A bid can be edited only while it is Open');
        const currency = input.currency ?? bid.currency;
        if (input.max_price !== undefined || currency !== bid.currency) {
          const live = await repo.findHighestLiveOffer(trx, id);
          if (Number(live.count) > 0 && currency !== bid.currency) {
            throw validationError({ currency: 'The currency cannot change once offers are placed' });
          }
          const highest = live.highest === null ? null : Number(live.highest);
          if (
            input.max_price !== undefined &&
            highest !== null &&
            toCents(input.max_price) < toCents(highest)
          ) {
            throw validationError({
              max_price: `Max price cannot be less than an offer already placed (${formatMoney(highest, currency)})`,
            });
          }
        }
        let publish = () => undefined as void;
        if (Object.keys(input).length > 0) {
          await repo.updateBid(trx, id, input);
          ({ publish } = await screenStored(trx, 'bids', id, p.events));
        }
        return { bid: await load(id, trx), publish };
      });
      publish();
      log.info({ bidId: id, userId: user.id }, 'bid edited');
      return bid;
    },

    /** The owner or an admin; its offers go with it. */
    async remove(user: CurrentUser, id: number) {
      const bid = await repo.findBid(db, id);
      if (!bid) throw notFound('Bid');
      if (!canDeleteBid(user, bid)) throw forbidden('Only the bid’s owner or an admin can delete it');
      await repo.deleteBid(db, id);
      log.info({ bidId: id, userId: user.id }, 'bid deleted');
    },

    /** Closed (an offer accepted) to Completed, by the owner; the winner is told. */
    async complete(user: CurrentUser, id: number) {
      const { bid, publish } = await writeTransaction(db, async (trx) => {
        const bid = await repo.lockBid(trx, id, 'update');
        if (!bid) throw notFound('Bid');
        await assertListingOpen(trx, 'bids', id, user.id, 'Bid');
        if (!canEditBid(user, bid)) throw forbidden('Only the bid’s owner can mark it completed');
        if (bid.status === 'Open') {
          throw conflict('BID_NOT_ACCEPTED', 'Accept an offer before marking the bid completed');
        }
        if (bid.status === 'Completed') throw conflict('BID_CLOSED', 'This bid is already completed');
        const accepted = await repo.findAcceptedOfferAuthor(trx, id);
        // The winner: not across a block (403), not suspended (404), before the bid changes.
        if (accepted) await assertMayReach(trx, user.id, accepted.user_id, 'Bid');
        await repo.completeBid(trx, id);
        // Money held for the deal starts going to the winner (by B2C, after the commit).
        const release = await releaseOnCompletion(p, trx, id);
        const answer = await load(id, trx);
        const winner = answer.offers.find((o) => o.status === 'accepted');
        const told = winner
          ? await notifier.notifyIn(
              trx,
              winner.user_id,
              { kind: 'bid_completed', params: { name: user.name, bid: bid.job_title } },
              'success',
              { link: webPaths.bids, category: 'offers' },
            )
          : () => undefined;
        return {
          bid: answer,
          publish: () => {
            told();
            release();
          },
        };
      });
      publish();
      log.info({ bidId: id, userId: user.id }, 'bid completed');
      return bid;
    },

    async listOffers(viewer: CurrentUser, bidId: number) {
      const seen = toViewer(viewer);
      const bid = await repo.findBid(db, bidId, seen);
      if (!bid) throw notFound('Bid');
      return (await repo.listOffersForBids(db, [bidId], seen)).map(toOfferDto);
    },

    /**
     * One live offer per member per bid (docs/design.md#offers-that-behave-like-a-marketplace); the bidder is the caller; the bid's owner is
     * told (written in the transaction, pushed after it).
     */
    async placeOffer(user: CurrentUser, input: OfferInputValues) {
      try {
        const { offer, publish } = await writeTransaction(db, async (trx) => {
          const bid = await repo.lockBid(trx, input.bid_id, 'share');
          if (!bid) throw notFound('Bid');
          // Hidden, held or its owner suspended: 404; the owner and the bidder a blocked pair: 403.
          await assertListingOpen(trx, 'bids', bid.id, user.id, 'Bid');
          if (!canPlaceOffer(user, bid)) throw forbidden('You cannot place an offer on your own bid');
          if (bid.status !== 'Open') throw bidClosed();
          if (await repo.findLiveOffer(trx, bid.id, user.id)) throw offerExists();
          const aboveMax = offerAboveMaxMessage(input.offer_price, {
            max_price: Number(bid.max_price),
            currency: bid.currency,
          });
          if (aboveMax) throw validationError({ offer_price: aboveMax });
          const { id } = await repo.insertOffer(trx, {
            ...input,
            bid_id: bid.id,
            user_id: user.id,
            ...screenOffer(input.message),
          });
          const publish = await notifier.notifyIn(
            trx,
            bid.client_id,
            {
              kind: 'offer_placed',
              params: {
                name: user.name,
                amount: formatMoney(input.offer_price, bid.currency),
                bid: bid.job_title,
              },
            },
            'info',
            { link: webPaths.bids, category: 'offers' },
          );
          return { offer: (await repo.findOffer(trx, id))!, publish };
        });
        publish();
        log.info({ bidId: input.bid_id, offerId: offer.id, userId: user.id }, 'offer placed');
        return { message: BID_SUBMITTED_MESSAGE, offer: toOfferDto(offer) };
      } catch (err) {
        // offers_one_live_per_member: a parallel second offer by the same member.
        if (isUniqueViolation(err)) throw offerExists();
        throw err;
      }
    },

    /** The author changes a pending offer on an Open bid; the price stays within the max. */
    async updateOffer(user: CurrentUser, offerId: number, input: OfferPatchInputValues) {
      const offer = await writeTransaction(db, async (trx) => {
        const { bid } = await lockOwnPendingOffer(trx, user, offerId);
        if (input.offer_price !== undefined) {
          const aboveMax = offerAboveMaxMessage(input.offer_price, bid);
          if (aboveMax) throw validationError({ offer_price: aboveMax });
        }
        if (Object.keys(input).length > 0)
          await repo.updateOffer(trx, offerId, {
            ...input,
            ...(input.message !== undefined ? screenOffer(input.message) : {}),
          });
        return (await repo.findOffer(trx, offerId))!;
      });
      log.info({ offerId, userId: user.id }, 'offer edited');
      return toOfferDto(offer);
    },

    /** An admin's removal of a reported offer (the author withdraws instead). */
    async removeOffer(admin: CurrentUser, offerId: number) {
      if (admin.role !== 'admin') throw forbidden();
      const { numDeletedRows } = await repo.deleteOffer(db, offerId);
      if (numDeletedRows === 0n) throw notFound('Offer');
      log.info({ offerId, by: admin.id }, 'offer removed');
    },

    /** The author withdraws a pending offer on an Open bid; it no longer counts as their offer. */
    async withdrawOffer(user: CurrentUser, offerId: number) {
      const offer = await writeTransaction(db, async (trx) => {
        await lockOwnPendingOffer(trx, user, offerId);
        await repo.withdrawOffer(trx, offerId);
        return (await repo.findOffer(trx, offerId))!;
      });
      log.info({ offerId, userId: user.id }, 'offer withdrawn');
      return toOfferDto(offer);
    },

    /**
     * Pending to accepted, once per bid, by the bid's owner only; the bid closes for good, the
     * other pending offers are declined and their authors told, the winner is told, and the owner
     * and the winner get a conversation about the bid (docs/design.md#offers-that-behave-like-a-marketplace, docs/design.md#messages).
     */
    async acceptOffer(user: CurrentUser, offerId: number) {
      try {
        const { offer, publishers } = await writeTransaction(db, async (trx) => {
          const found = await repo.findOfferBidId(trx, offerId);
          if (!found) throw notFound('Offer');
          // Lock the bid row so two clicks of its owner cannot accept two offers.
          const bid = await repo.lockBid(trx, found.bid_id, 'update');
          if (!bid) throw notFound('Offer');
          // Neither the bid nor the offer hidden, held or by a suspended member (404), and the owner
          // and the bidder not a blocked pair (403): before the accept, its conversation and notices.
          await assertListingOpen(trx, 'bids', bid.id, user.id, 'Offer');
          await assertListingOpen(trx, 'offers', offerId, user.id, 'Offer');
          if (!canAcceptOffer(user, bid)) throw forbidden('Only the bid’s owner can accept an offer');
          if (bid.status !== 'Open') throw offerAlreadyAccepted();
          const current = await repo.findOfferBidId(trx, offerId);
          if (current?.status !== 'pending') throw offerNotPending();
          await repo.markOfferAccepted(trx, offerId);
          await repo.closeBid(trx, bid.id);
          const declined = await repo.declinePendingOffers(trx, bid.id);
          // The winner's notice opens the conversation with the client, where the work is agreed.
          const conversation = await openConversation(trx, bid.client_id, found.user_id, {
            type: 'bid',
            id: bid.id,
          });
          const publishers = [
            await notifier.notifyIn(
              trx,
              found.user_id,
              { kind: 'offer_accepted', params: { bid: bid.job_title } },
              'success',
              { link: webPaths.conversation(conversation.id), category: 'offers' },
            ),
          ];
          for (const { user_id } of declined) {
            publishers.push(
              await notifier.notifyIn(
                trx,
                user_id,
                { kind: 'offer_declined', params: { bid: bid.job_title } },
                'info',
                { link: webPaths.bids, category: 'offers' },
              ),
            );
          }
          return { offer: (await repo.findOffer(trx, offerId))!, publishers };
        });
        for (const publish of publishers) publish();
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
