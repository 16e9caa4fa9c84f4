import { sql } from 'kysely';
import type { Kdb } from '../../db/database';
import { keysetPage, type PageRequest } from '../../platform/pagination';
import { notBlockedWith, type Viewer } from '../../platform/visibility';

// SQL of the reviews feature only.

/** A bid's two parties: its owner and the author of its accepted offer (none before an accept). */
export const findBidDeal = (db: Kdb, bidId: number) =>
  db
    .selectFrom('bids')
    .leftJoin('offers', (join) =>
      join.onRef('offers.bid_id', '=', 'bids.id').on('offers.status', '=', 'accepted'),
    )
    .select([
      'bids.id',
      'bids.client_id',
      'bids.status',
      'bids.job_title as title',
      'offers.user_id as winner_id',
    ])
    .where('bids.id', '=', bidId)
    .executeTakeFirst();

/** A job application's two parties: the job's poster and the applicant, and whether they were hired. */
export const findApplicationDeal = (db: Kdb, applicationId: number) =>
  db
    .selectFrom('job_applications')
    .innerJoin('jobs', 'jobs.id', 'job_applications.job_id')
    .select([
      'job_applications.id',
      'job_applications.job_id',
      'job_applications.user_id as applicant_id',
      'jobs.client_id',
      'jobs.title',
      // job_applications.status comes with job applications (migration 0020).
      sql<string>`job_applications.status`.as('status'),
    ])
    .where('job_applications.id', '=', applicationId)
    .executeTakeFirst();

export const findOwnReview = (
  db: Kdb,
  reviewerId: number,
  deal: { bid_id: number | null; application_id: number | null },
) =>
  db
    .selectFrom('reviews')
    .select('id')
    .where('reviewer_id', '=', reviewerId)
    .where((eb) =>
      deal.bid_id !== null ? eb('bid_id', '=', deal.bid_id) : eb('application_id', '=', deal.application_id),
    )
    .executeTakeFirst();

export const insertReview = (
  db: Kdb,
  review: {
    reviewer_id: number;
    reviewee_id: number;
    bid_id: number | null;
    application_id: number | null;
    deal_type: 'bid' | 'application';
    listing_title: string;
    rating: number;
    text: string;
  },
) => db.insertInto('reviews').values(review).returning('id').executeTakeFirstOrThrow();

/** The reviewee's running rating, in the review's transaction (profiles and lists read it). */
export const addRating = (db: Kdb, userId: number, rating: number) =>
  db
    .updateTable('users')
    .set((eb) => ({
      rating_sum: eb('rating_sum', '+', rating),
      rating_count: eb('rating_count', '+', 1),
    }))
    .where('id', '=', userId)
    .execute();

function selectReviews(db: Kdb) {
  return db
    .selectFrom('reviews')
    .innerJoin('users as reviewer', 'reviewer.id', 'reviews.reviewer_id')
    .select([
      'reviews.id',
      'reviews.reviewee_id',
      'reviews.bid_id',
      'reviews.application_id',
      'reviews.listing_title',
      'reviews.rating',
      'reviews.text',
      'reviews.created_at',
      'reviewer.id as reviewer_id',
      'reviewer.username as reviewer_username',
      'reviewer.name as reviewer_name',
      'reviewer.profile_pic as reviewer_profile_pic',
    ]);
}

export type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviews>['executeTakeFirstOrThrow']>>;

export const findReview = (db: Kdb, id: number) =>
  selectReviews(db).where('reviews.id', '=', id).executeTakeFirst();

/** A member's reviews, newest first; none by a reviewer in a blocked pair with the viewer. */
export const listReviewsOf = (db: Kdb, revieweeId: number, viewer: Viewer, page: PageRequest) =>
  keysetPage(
    selectReviews(db)
      .where('reviews.reviewee_id', '=', revieweeId)
      .where(notBlockedWith(viewer, 'reviews.reviewer_id')),
    { createdAt: 'reviews.created_at', id: 'reviews.id' },
    page,
  ).execute();
