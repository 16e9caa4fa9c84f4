import { z } from 'zod';
import { Id, ID_MAX } from './input';

export const BID_LIMITS = { jobTitle: 150, description: 5000, message: 2000 } as const;
/** Prices are stored with cents (numeric(12, 2)); a billion is far above any real bid. */
export const PRICE_MAX = 1_000_000_000;
/** The answer's message to a placed offer (SPEC §7 POST /api/bids/offer). */

const price = (label: string) =>
  z.coerce
    .number({ error: `${label} is required` })
    .min(0.01, `${label} must be more than 0`)
    .max(PRICE_MAX, `${label} is too large`);

/** A request for offers: a job title with the most the client will pay. */
export const BidInput = z.object({
  job_title: z
    .string({ error: 'Job title is required' })
    .trim()
    .min(1, 'Job title is required')
    .max(BID_LIMITS.jobTitle, `Job title can be at most ${BID_LIMITS.jobTitle} characters`),
  max_price: price('Max price'),
  description: z
    .string()
    .trim()
    .max(BID_LIMITS.description, `Description can be at most ${BID_LIMITS.description} characters`)
    .default(''),
});
export type BidInputValues = z.infer<typeof BidInput>;

/**
 * The Offer form (SPEC §5: price and message both required). The bidder is the signed-in member;
 * a `user_id` in the body is ignored. The server also checks price ≤ the bid's max price.
 */
export const OfferInput = z.object({
  bid_id: z.coerce
    .number({ error: 'Bid is required' })
    .int('Bid is required')
    .positive('Bid is required')
    .max(ID_MAX, 'Bid is required'),
  offer_price: price('Price'),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(BID_LIMITS.message, `Message can be at most ${BID_LIMITS.message} characters`),
});
export type OfferInputValues = z.infer<typeof OfferInput>;

export const BidListQuery = z.object({
  user_id: Id.optional(),
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
});
export type BidListQueryValues = z.infer<typeof BidListQuery>;

/** An offer with its bidder's name and picture (SPEC §3; `client_id` is the bid's owner). */
export const OfferSchema = z.object({
  id: z.number(),
  bid_id: z.number(),
  user_id: z.number(),
  offer_price: z.number(),
  message: z.string(),
  name: z.string(),
  username: z.string(),
  profile_pic: z.string().nullable(),
  created_at: z.string(),
  accepted: z.boolean(),
  client_id: z.number(),
});
export type OfferDto = z.infer<typeof OfferSchema>;

export const BID_STATUSES = ['Open', 'Closed'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

/** A bid request with its poster and every offer, oldest first (SPEC §3, §2 Bid card). */
export const BidSchema = z.object({
  id: z.number(),
  job_title: z.string(),
  client_id: z.number(),
  max_price: z.number(),
  description: z.string(),
  created_at: z.string(),
  /** The poster. */
  name: z.string(),
  username: z.string(),
  profile_pic: z.string().nullable(),
  /** Closed once an offer is accepted; never reopened. */
  status: z.enum(BID_STATUSES),
  offers: z.array(OfferSchema),
});
export type BidDto = z.infer<typeof BidSchema>;

export const OfferSubmittedSchema = z.object({ message: z.string(), offer: OfferSchema });
export type OfferSubmitted = z.infer<typeof OfferSubmittedSchema>;
