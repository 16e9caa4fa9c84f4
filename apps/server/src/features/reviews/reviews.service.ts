import { normalizeUsername, webPaths, type ReviewInputValues } from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser } from '../../platform/auth';
import type { Platform } from '../../platform/context';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { toPage, type PageRequest } from '../../platform/pagination';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/pg-errors';
import { toViewer } from '../../platform/visibility';
import type { Kdb } from '../../db/database';
import { isBlockedEitherWay } from '../blocks/blocks.service';
import { assertListingOpen, assertMayReach } from '../../platform/interactions';
import { createNotifier } from '../notifications/notifications.service';
import { accounts } from '../users/users.service';
import { toReviewDto } from './reviews.mapper';
import { isDealParty, revieweeOf, type DealParties } from './reviews.policy';
import * as repo from './reviews.repo';
import { writeTransaction } from '../../platform/write-transaction';

const alreadyReviewed = () => conflict('ALREADY_REVIEWED', 'You have already reviewed this deal');

interface Deal extends DealParties {
  /** The listing the deal is about, which must still be open to dealings. */
  listing: { table: 'bids' | 'jobs'; id: number };
  title: string;
  /** A bid Completed by its owner; an application whose member was hired. */
  done: boolean;
  notDoneMessage: string;
}

/** The deal a review names, with its parties; 404 when there is none. */
async function loadDeal(db: Kdb, input: ReviewInputValues): Promise<Deal> {
  if (input.bid_id !== undefined) {
    const bid = await repo.findBidDeal(db, input.bid_id);
    if (!bid) throw notFound('Bid');
    return {
      owner: bid.client_id,
      other: bid.winner_id,
      listing: { table: 'bids', id: bid.id },
      title: bid.title,
      done: bid.status === 'Completed',
      notDoneMessage: 'A bid can be reviewed once its owner marks it completed',
    };
  }
  const application = await repo.findApplicationDeal(db, input.application_id!);
  if (!application) throw notFound('Application');
  return {
    owner: application.client_id,
    other: application.applicant_id,
    listing: { table: 'jobs', id: application.job_id },
    title: application.title,
    done: application.status === 'hired',
    notDoneMessage: 'A job application can be reviewed once its member is hired',
  };
}

export function createReviewsService(p: Pick<Platform, 'db' | 'events'>, log: FastifyBaseLogger) {
  const { db } = p;
  const notifier = createNotifier(db, p.events);

  return {
    /**
     * One party of a finished deal rates the other, once (docs/design.md#reviews): 404 for no such deal, 403
     * for anyone but its two parties, 409 DEAL_NOT_COMPLETED before it is done and 409
     * ALREADY_REVIEWED for a second review (the unique index settles parallel ones). The
     * reviewee's rating moves in the same transaction; they are told.
     */
    async create(user: CurrentUser, input: ReviewInputValues) {
      const deal = { bid_id: input.bid_id ?? null, application_id: input.application_id ?? null };
      try {
        const { review, publish } = await writeTransaction(db, async (trx) => {
          const found = await loadDeal(trx, input);
          if (!isDealParty(user, found)) throw forbidden('Only the two parties of a deal can review it');
          const revieweeId = revieweeOf(user, found);
          if (!found.done || revieweeId === null) {
            throw conflict('DEAL_NOT_COMPLETED', found.notDoneMessage);
          }
          // The deal's listing hidden, held or its author suspended, or the reviewee suspended: 404;
          // a blocked pair: 403. Before the review, the rating and the notice.
          const label = found.listing.table === 'bids' ? 'Bid' : 'Application';
          await assertListingOpen(trx, found.listing.table, found.listing.id, user.id, label);
          await assertMayReach(trx, user.id, revieweeId, label);
          if (await repo.findOwnReview(trx, user.id, deal)) throw alreadyReviewed();
          const { id } = await repo.insertReview(trx, {
            reviewer_id: user.id,
            reviewee_id: revieweeId,
            ...deal,
            deal_type: deal.bid_id !== null ? 'bid' : 'application',
            listing_title: found.title,
            rating: input.rating,
            text: input.text,
          });
          await repo.addRating(trx, revieweeId, input.rating);
          const publish = await notifier.notifyIn(
            trx,
            revieweeId,
            { kind: 'reviewed', params: { name: user.name, title: found.title, rating: input.rating } },
            'success',
            { link: webPaths.myReviews, category: 'reviews' },
          );
          return { review: (await repo.findReview(trx, id))!, publish };
        });
        publish();
        log.info({ reviewId: review.id, userId: user.id, ...deal }, 'review written');
        return toReviewDto(review);
      } catch (err) {
        // reviews_reviewer_id_bid_id_key / …_application_id_key: a parallel second review.
        if (isUniqueViolation(err)) throw alreadyReviewed();
        // The listing was deleted between the check and the write: its deal is gone.
        if (isForeignKeyViolation(err)) throw notFound(input.bid_id !== undefined ? 'Bid' : 'Application');
        throw err;
      }
    },

    /**
     * A member's reviews, newest first. As on their profile, a member who blocked the viewer is
     * not found; reviews written by a member in a blocked pair with the viewer are left out.
     */
    async listOf(key: string, viewer: CurrentUser | null, page: PageRequest) {
      const member = /^\d+$/.test(key)
        ? await accounts.findById(db, Number(key))
        : await accounts.findByUsername(db, normalizeUsername(key));
      if (!member) throw notFound('Member');
      if (viewer && viewer.id !== member.id && (await isBlockedEitherWay(db, viewer.id, member.id))) {
        throw notFound('Member');
      }
      const result = toPage(await repo.listReviewsOf(db, member.id, toViewer(viewer), page), page);
      return { ...result, items: result.items.map(toReviewDto) };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
