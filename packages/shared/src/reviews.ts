import { z } from 'zod';
import { ID_MAX } from './input';

/** DESIGN §8.5: a rating of 1 to 5 stars and a text of at most 1000 characters. */
export const REVIEW_LIMITS = { ratingMin: 1, ratingMax: 5, text: 1000 } as const;

export const RATING_MESSAGE = `Choose a rating from ${REVIEW_LIMITS.ratingMin} to ${REVIEW_LIMITS.ratingMax} stars`;
export const REVIEW_TEXT_MESSAGE = `Review can be at most ${REVIEW_LIMITS.text} characters`;
export const REVIEW_DEAL_MESSAGE = 'Name either the bid or the job application you are reviewing';

const dealId = z.coerce
  .number({ error: REVIEW_DEAL_MESSAGE })
  .int(REVIEW_DEAL_MESSAGE)
  .positive(REVIEW_DEAL_MESSAGE)
  .max(ID_MAX, REVIEW_DEAL_MESSAGE);

/** The review form's own fields (the deal comes from where the form sits). */
export const ReviewFields = z.object({
  rating: z.coerce
    .number({ error: RATING_MESSAGE })
    .int(RATING_MESSAGE)
    .min(REVIEW_LIMITS.ratingMin, RATING_MESSAGE)
    .max(REVIEW_LIMITS.ratingMax, RATING_MESSAGE),
  text: z.string().trim().max(REVIEW_LIMITS.text, REVIEW_TEXT_MESSAGE).default(''),
});
export type ReviewFieldsValues = z.infer<typeof ReviewFields>;

/**
 * `POST /api/reviews`: `{bid_id, rating, text}` after a Completed bid, or `{application_id, rating,
 * text}` after a hire; exactly one of the two ids. The reviewer is the signed-in member.
 */
export const ReviewInput = ReviewFields.extend({
  bid_id: dealId.optional(),
  application_id: dealId.optional(),
}).refine((input) => (input.bid_id === undefined) !== (input.application_id === undefined), {
  message: REVIEW_DEAL_MESSAGE,
  path: ['bid_id'],
});
export type ReviewInputValues = z.infer<typeof ReviewInput>;

export const ReviewSchema = z.object({
  id: z.number(),
  reviewer: z.object({
    id: z.number(),
    username: z.string(),
    name: z.string(),
    profile_pic: z.string().nullable(),
  }),
  reviewee_id: z.number(),
  bid_id: z.number().nullable(),
  application_id: z.number().nullable(),
  rating: z.number(),
  text: z.string(),
  created_at: z.string(),
});
export type ReviewDto = z.infer<typeof ReviewSchema>;

/** What profiles, people rows and offers carry: the average to one decimal (null when none). */
export const RatingFields = {
  rating_avg: z.number().nullable(),
  rating_count: z.number(),
};

/** The average of `count` ratings adding up to `sum`, to one decimal; null with no ratings. */
export function ratingAverage(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum / count) * 10) / 10;
}

/** `4.5` and `4.0` as a person reads them next to a star. */
export const formatRating = (avg: number) => avg.toFixed(1);
