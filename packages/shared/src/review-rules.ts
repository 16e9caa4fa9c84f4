// A review's limits and how a rating reads, without zod: the feed's cards show ratings, and the
// feed's download should not carry the reviews' schemas (the JavaScript budget (docs/web-performance.md)).

/** docs/design.md#reviews: a rating of 1 to 5 stars and a text of at most 1000 characters. */
export const REVIEW_LIMITS = { ratingMin: 1, ratingMax: 5, text: 1000 } as const;

export const RATING_MESSAGE = `Choose a rating from ${REVIEW_LIMITS.ratingMin} to ${REVIEW_LIMITS.ratingMax} stars`;
export const REVIEW_TEXT_MESSAGE = `Review can be at most ${REVIEW_LIMITS.text} characters`;

/** The average of `count` ratings adding up to `sum`, to one decimal; null with no ratings. */
export function ratingAverage(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum / count) * 10) / 10;
}

/** `4.5` and `4.0` as a person reads them next to a star. */
export const formatRating = (avg: number) => avg.toFixed(1);
