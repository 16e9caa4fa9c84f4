// An offer's state and a bid's counts on their own, without zod: the feed's bid cards read them, and
// the feed's download should not carry the bids' schemas (the JavaScript budget (docs/web-performance.md)).
export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** A bid's counts worked out from its whole list of offers (a list's preview has them from SQL). */
export const countOffers = (offers: readonly { status: OfferStatus }[]) => ({
  offer_count: offers.length,
  pending_offer_count: offers.filter((o) => o.status === 'pending').length,
});
export type OfferCounts = ReturnType<typeof countOffers>;
