import { z } from 'zod';
import { ModerationStateSchema } from './visibility';
import { CURRENCIES, DEFAULT_CURRENCY, formatMoney, type Currency } from './format';
import { ID_MAX, MemberItemsQuery, numberInput, optionalText, requiredText } from './input';
import { RatingFields } from './reviews';
import { OFFER_STATUSES } from './offer-status';
import { RiskSchema } from './shield/risk-schema';

export const BID_LIMITS = { jobTitle: 150, description: 5000, message: 2000 } as const;
/** Prices are stored with cents (numeric(12, 2)); a billion is far above any real bid. */
export const PRICE_MAX = 1_000_000_000;
/** An offer's promised delivery, in days (docs/design.md#offers-that-behave-like-a-marketplace). */
export const DELIVERY_DAYS = { min: 1, max: 365 } as const;

/** Amounts are in the main unit with at most 2 decimals (cents), docs/design.md#money-in-kenya-shillings. */
export const hasAtMostCents = (amount: number) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

/**
 * A money amount in the main unit (docs/design.md#money-in-kenya-shillings): at most PRICE_MAX, with at most cents; `positive`
 * refuses 0 (a price), otherwise 0 is allowed (free, a salary's lower end). `error`: not a number.
 */
export const moneyAmount = (label: string, opts: { error: string; positive?: boolean }) =>
  numberInput(
    z
      .number({ error: opts.error })
      .min(
        opts.positive ? 0.01 : 0,
        opts.positive ? `${label} must be more than 0` : `${label} cannot be negative`,
      )
      .max(PRICE_MAX, `${label} is too large`)
      .refine(hasAtMostCents, `${label} can have at most 2 decimals`),
  );

const price = (label: string) => moneyAmount(label, { error: `${label} is required`, positive: true });

/** KES (the default) or USD, on bids, services and jobs (docs/design.md#money-in-kenya-shillings). */
export const CurrencyInput = z.enum(CURRENCIES, { error: 'Currency must be KES or USD' });

/** Prices are kept in cents (numeric(12, 2)): compare what will be stored. */
export const toCents = (amount: number) => Math.round(amount * 100);

/**
 * The one above-max rule (docs/design.md#money-in-kenya-shillings), for the offer form and the server: the message names the
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
  job_title: requiredText('Job title', BID_LIMITS.jobTitle),
  max_price: price('Max price'),
  description: optionalText('Description', BID_LIMITS.description),
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
  numberInput(
    z
      .number({ error: 'Delivery days must be a number' })
      .int('Delivery days must be a whole number')
      .min(DELIVERY_DAYS.min, `Delivery days must be between ${DELIVERY_DAYS.min} and ${DELIVERY_DAYS.max}`)
      .max(DELIVERY_DAYS.max, `Delivery days must be between ${DELIVERY_DAYS.min} and ${DELIVERY_DAYS.max}`),
  ).optional(),
);

const offerFields = {
  offer_price: price('Price'),
  message: requiredText('Message', BID_LIMITS.message),
  delivery_days: deliveryDays,
};

/**
 * The Offer form (the specified validation rules: price and message both required; docs/design.md#offers-that-behave-like-a-marketplace: optional delivery days).
 * The bidder is the signed-in member; a `user_id` in the body is ignored. The server also checks
 * price ≤ the bid's max price (offerAboveMaxMessage).
 */
export const OfferInput = z.object({
  bid_id: numberInput(
    z
      .number({ error: 'Bid is required' })
      .int('Bid is required')
      .positive('Bid is required')
      .max(ID_MAX, 'Bid is required'),
  ),
  ...offerFields,
});
export type OfferInputValues = z.infer<typeof OfferInput>;

/** `PATCH /api/bids/offers/{id}` by its author while it is pending and the bid Open. */
export const OfferPatchInput = z.object(offerFields).partial();
export type OfferPatchInputValues = z.infer<typeof OfferPatchInput>;

export const BidListQuery = MemberItemsQuery;
export type BidListQueryValues = z.infer<typeof BidListQuery>;

/** The author's name, handle and picture beside a member's item. */
export const AuthorFields = {
  name: z.string(),
  username: z.string(),
  profile_pic: z.string().nullable(),
};

/** When a member's item was written and last edited, and who sees it. */
export const EditedItemFields = {
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** Who sees it (docs/design.md#trust-and-safety): hidden or held items reach only their author and admins. */
  moderation: ModerationStateSchema,
};

/** An offer with its bidder's name and picture (the specified fields; `client_id` is the bid's owner). */
export const OfferSchema = z.object({
  id: z.number(),
  bid_id: z.number(),
  user_id: z.number(),
  offer_price: z.number(),
  /** The bid's currency. */
  currency: z.enum(CURRENCIES),
  message: z.string(),
  delivery_days: z.number().nullable(),
  ...AuthorFields,
  ...EditedItemFields,
  /** SPEC's boolean: status is `accepted`. */
  accepted: z.boolean(),
  status: z.enum(OFFER_STATUSES),
  client_id: z.number(),
  /** The bidder's rating (docs/design.md#reviews), so the bid's owner can compare bidders. */
  ...RatingFields,
  /** The scam shield's verdict on the offer's message: a warning for the bid's owner. */
  risk: RiskSchema,
});
export type OfferDto = z.infer<typeof OfferSchema>;

export const BID_STATUSES = ['Open', 'Closed', 'Completed'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

/** When a bid or job was posted and edited, who sees it, and its poster (the same on both cards). */
export const PostedItemFields = {
  ...EditedItemFields,
  /** The poster. */
  ...AuthorFields,
  /** The poster confirmed their email (docs/design.md#trust-and-safety): the verified badge. */
  poster_verified: z.boolean(),
};

/**
 * How many offers a bid carries in a list (`GET /api/bids`): the first ones, oldest first, and
 * always the accepted one and the reader's own. A popular bid draws hundreds of offers, and a page
 * of twenty such bids was a megabyte of JSON for every reader; the rest load on request from
 * `GET /api/bids/offers/{bidId}`. One bid (`GET /api/bids/{id}`) carries them all.
 */
export const BID_OFFERS_IN_LIST = 5;

/** A bid request with its poster and its offers, oldest first (the specified fields, the specified screens Bid card). */
export const BidSchema = z.object({
  id: z.number(),
  job_title: z.string(),
  client_id: z.number(),
  max_price: z.number(),
  currency: z.enum(CURRENCIES),
  description: z.string(),
  ...PostedItemFields,
  /** docs/design.md#reviews: the reader has reviewed the other party of this (Completed) bid. */
  reviewed_by_me: z.boolean(),
  /** Closed once an offer is accepted, never reopened; Completed when the owner says the work is done. */
  status: z.enum(BID_STATUSES),
  /** All of them for one bid; in a list, at most BID_OFFERS_IN_LIST and the accepted and own ones. */
  offers: z.array(OfferSchema),
  /** Every offer the reader may see, whether or not `offers` holds them all. */
  offer_count: z.number().int(),
  /** Of those, the pending ones: what accepting one would decline, less itself. */
  pending_offer_count: z.number().int(),
  /** The scam shield's verdict (docs/design.md#trust-and-safety). */
  risk: RiskSchema,
});
export type BidDto = z.infer<typeof BidSchema>;

export const OfferSubmittedSchema = z.object({ message: z.string(), offer: OfferSchema });
export type OfferSubmitted = z.infer<typeof OfferSubmittedSchema>;
