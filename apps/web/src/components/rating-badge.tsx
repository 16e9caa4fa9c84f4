import { formatRating } from '@jamii/shared';
import { t } from '../lib/i18n';

interface RatingBadgeProps {
  /** The average to one decimal; null when there are no reviews. */
  avg: number | null;
  count: number;
  /** Say "No reviews yet" when there are none (profiles, offers); people rows leave it out. */
  showEmpty?: boolean;
  className?: string;
}

/** docs/design.md#reviews: "★ 4.5 (12)", read out as "Rated 4.5 out of 5 from 12 reviews". */
export function RatingBadge({ avg, count, showEmpty = false, className = '' }: RatingBadgeProps) {
  if (avg === null || count === 0) {
    return showEmpty ? (
      <span className={`text-xs text-gray-500 ${className}`}>{t('reviews.none')}</span>
    ) : null;
  }
  const rating = formatRating(avg);
  const label = t('reviews.ratedLabel', { rating, count });
  return (
    <span
      role="img"
      aria-label={label}
      className={`inline-flex items-center gap-1 text-sm whitespace-nowrap text-gray-800 ${className}`}
    >
      <span aria-hidden="true" className="text-star">
        ★
      </span>
      <span aria-hidden="true" className="font-semibold tabular-nums">
        {rating}
      </span>
      <span aria-hidden="true" className="text-gray-600 tabular-nums">
        ({count})
      </span>
    </span>
  );
}
