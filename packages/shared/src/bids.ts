import { z } from 'zod';
import { ModerationStateSchema } from './visibility';
import { CURRENCIES, DEFAULT_CURRENCY, formatMoney, type Currency } from './format';
import { Id, ID_MAX } from './input';
import { RatingFields } from './reviews';
import { RiskSchema } from './shield';

export const BID_LIMITS = { jobTitle: 150, description: 5000, message: 2000 } as const;
/** Prices are stored with cents (numeric(12, 2)); a billion is far above any real bid. */
export const PRICE_MAX = 1_000_000_000;
/** An offer's promised delivery, in days (DESIGN §8.2). */
export const DELIVERY_DAYS = { min: 1, max: 365 } as const;

/** Amounts are in the main unit with at most 2 decimals (cents), DESIGN §8.1. */
export const hasAtMostCents = (amount: number) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

const price = (label: string) =>
  z.coerce
    .number({ error: `${label} is required` })
    .min(0.01, `${label} must be more than 0`)
    .max(PRICE_MAX, `${label} is too large`)
    .refine(hasAtMostCents, `${label} can have at most 2 decimals`);

/** KES (the default) or USD, on bids, services and jobs (DESIGN §8.1). */
export const CurrencyInput = z.enum(CURRENCIES, { error: 'Currency must be KES or USD' });

/** Prices are kept in cents (numeric(12, 2)): compare what will be stored. */
export const toCents = (amount: number) => Math.round(amount * 100);

/**
 * The one above-max rule (DESIGN §8.1), for the offer form and the server: the message names the
 * bid's max price in its currency, e.g. `Price cannot be more than the max price of KSh 5,000`.
 */
export function offerAboveMaxMessage(
  offerPrice: number,
  bid: { max_price: number; currency: Currency },
): string | undefined {
  return toCents(offerPrice) > toCents(bid.max_price)
    ? `Price cannot be more than the max price of ${formatMoney(bid.max_price, bid.currency)}`
    : undefined;
}

// Without defaults, so that a PATCH leaves out what it does not change.
const bidFields = {
  job_title: z
    .string({ error: 'Job title is required' })
    .trim()
    .min(1, 'Job title is required')
    .max(BID_LIMITS.jobTitle, `Job title can be at most ${BID_LIMITS.jobTitle} characters`),
  max_price: price('Max price'),
  description: z
    .string()
    .trim()
    .max(BID_LIMITS.description, `Description can be at most ${BID_LIMITS.description} characters`),
  currency: CurrencyInput,
};

/** A request for offers: a job title with the most the client will pay, in KES unless USD. */
export const BidInput = z.object({
  ...bidFields,
  description: bidFields.description.default(''),
  currency: bidFields.currency.default(DEFAULT_CURRENCY),
});
export type BidInputValues = z.infer<typeof BidInput>;

/** `PATCH /api/bids/{id}` by the owner while the bid is Open: any of the create fields. */
export const BidPatchInput = z.object(bidFields).partial();
export type BidPatchInputValues = z.infer<typeof BidPatchInput>;

/** Empty means not given: a number field left blank sends ''. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const deliveryDays = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: 'Delivery days must be a number' })
    .int('Delivery days must be a whole number')
    .min(DELIVERY_DAYS.min, `Delivery days must be between ${DELIVERY_DAYS.min} and ${DELIVERY_DAYS.max}`)
    .max(DELIVERY_DAYS.max, `Delivery days must be between ${DELIVERY_DAYS.min} and ${DELIVERY_DAYS.max}`)
    .optional(),
);

const offerFields = {
  offer_price: price('Price'),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(BID_LIMITS.message, `Message can be at most ${BID_LIMITS.message} characters`),
  delivery_days: deliveryDays,
};

/**
 * The Offer form (SPEC §5: price and message both required; DESIGN §8.2: optional delivery days).
 * The bidder is the signed-in member; a `user_id` in the body is ignored. The server also checks
 * price ≤ the bid's max price (offerAboveMaxMessage).
 */
export const OfferInput = z.object({
  bid_id: z.coerce
    .number({ error: 'Bid is required' })
    .int('Bid is required')
    .positive('Bid is required')
    .max(ID_MAX, 'Bid is required'),
  ...offerFields,
});
export type OfferInputValues = z.infer<typeof OfferInput>;

/** `PATCH /api/bids/offers/{id}` by its author while it is pending and the bid Open. */
export const OfferPatchInput = z.object(offerFields).partial();
export type OfferPatchInputValues = z.infer<typeof OfferPatchInput>;

export const BidListQuery = z.object({
  user_id: Id.optional(),
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
});
export type BidListQueryValues = z.infer<typeof BidListQuery>;

export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** An offer with its bidder's name and picture (SPEC §3; `client_id` is the bid's owner). */
export const OfferSchema = z.object({
  id: z.number(),
  bid_id: z.number(),
  user_id: z.number(),
  offer_price: z.number(),
  /** The bid's currency. */
  currency: z.enum(CURRENCIES),
  message: z.string(),
  delivery_days: z.number().nullable(),
  name: z.string(),
  username: z.string(),
  profile_pic: z.string().nullable(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** Who sees it (DESIGN §8.6): hidden or held items reach only their author and admins. */
  moderation: ModerationStateSchema,
  /** SPEC's boolean: status is `accepted`. */
  accepted: z.boolean(),
  status: z.enum(OFFER_STATUSES),
  client_id: z.number(),
  /** The bidder's rating (DESIGN §8.5), so the bid's owner can compare bidders. */
  ...RatingFields,
});
export type OfferDto = z.infer<typeof OfferSchema>;

export const BID_STATUSES = ['Open', 'Closed', 'Completed'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

/** A bid request with its poster and every offer, oldest first (SPEC §3, §2 Bid card). */
export const BidSchema = z.object({
  id: z.number(),
  job_title: z.string(),
  client_id: z.number(),
  max_price: z.number(),
  currency: z.enum(CURRENCIES),
  description: z.string(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** Who sees it (DESIGN §8.6): hidden or held items reach only their author and admins. */
  moderation: ModerationStateSchema,
  /** The poster. */
  name: z.string(),
  username: z.string(),
  profile_pic: z.string().nullable(),
  /** The poster confirmed their email (DESIGN §8.6): the verified badge. */
  poster_verified: z.boolean(),
  /** DESIGN §8.5: the reader has reviewed the other party of this (Completed) bid. */
  reviewed_by_me: z.boolean(),
  /** Closed once an offer is accepted, never reopened; Completed when the owner says the work is done. */
  status: z.enum(BID_STATUSES),
  offers: z.array(OfferSchema),
  /** The scam shield's verdict (DESIGN §8.6). */
  risk: RiskSchema,
});
export type BidDto = z.infer<typeof BidSchema>;

export const OfferSubmittedSchema = z.object({ message: z.string(), offer: OfferSchema });
export type OfferSubmitted = z.infer<typeof OfferSubmittedSchema>;
