import { z } from 'zod';
import { ID_MAX, numberInput } from './input';
import { RATING_MESSAGE, REVIEW_LIMITS, REVIEW_TEXT_MESSAGE } from './review-rules';

export const REVIEW_DEAL_MESSAGE = 'Name either the bid or the job application you are reviewing';

const dealId = numberInput(
  z
    .number({ error: REVIEW_DEAL_MESSAGE })
    .int(REVIEW_DEAL_MESSAGE)
    .positive(REVIEW_DEAL_MESSAGE)
    .max(ID_MAX, REVIEW_DEAL_MESSAGE),
);

/** The review form's own fields (the deal comes from where the form sits). */
export const ReviewFields = z.object({
  rating: numberInput(
    z
      .number({ error: RATING_MESSAGE })
      .int(RATING_MESSAGE)
      .min(REVIEW_LIMITS.ratingMin, RATING_MESSAGE)
      .max(REVIEW_LIMITS.ratingMax, RATING_MESSAGE),
  ),
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
  /** Null once the listing is deleted: its reviews stay. */
  bid_id: z.number().nullable(),
  application_id: z.number().nullable(),
  /** The bid's or the job's title when the review was written (kept after the listing is deleted). */
  listing_title: z.string(),
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
