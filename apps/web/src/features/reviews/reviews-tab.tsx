import type { ReviewDto, UserDto } from '@jamii/shared';
import { CardAvatar } from '../../components/card-avatar';
import { CardSkeletons } from '../../components/card-skeleton';
import { EmptyState, ListError } from '../../components/list-states';
import { MorePages } from '../../components/load-more';
import { RatingBadge } from '../../components/rating-badge';
import { TimeAgo } from '../../components/time-ago';
import { t } from '../../lib/i18n';
import { flattenPages } from '../../lib/pages';
import { paths } from '../../lib/paths';
import { useMemberReviews } from './api';
import { NameLink } from '../../components/name-link';

function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={t('reviews.starsLabel', { count: rating })} className="text-star">
      <span aria-hidden="true">{'★'.repeat(rating) + '☆'.repeat(5 - rating)}</span>
    </span>
  );
}

function ReviewItem({ review }: { review: ReviewDto }) {
  const name = review.reviewer.name.trim() || review.reviewer.username;
  return (
    <li className="flex gap-3 py-3">
      <CardAvatar name={name} picture={review.reviewer.profile_pic} size="sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Stars rating={review.rating} />
          <NameLink to={paths.user(review.reviewer.username)}>{t('reviews.by', { name })}</NameLink>
          <TimeAgo iso={review.created_at} className="text-sm text-gray-500" />
        </div>
        {review.text && (
          <p className="mt-1 break-words whitespace-pre-line text-sm text-gray-800">{review.text}</p>
        )}
      </div>
    </li>
  );
}

/** docs/design.md#reviews: the profile's Reviews tab, the rating on top and the reviews newest first. */
export function ReviewsTab({ member }: { member: UserDto }) {
  const reviews = useMemberReviews(member.username);
  const title = t('reviews.listTitle', { name: member.name });
  if (reviews.isPending) return <CardSkeletons count={2} />;
  if (reviews.isError) {
    return <ListError message={t('list.loadFailed')} onRetry={() => void reviews.refetch()} />;
  }
  const items = flattenPages(reviews.data);
  return (
    <section aria-label={title}>
      <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="text-base font-bold text-gray-900">{title}</h2>
        <RatingBadge avg={member.rating_avg} count={member.rating_count} />
      </div>
      {items.length === 0 ? (
        <EmptyState>{t('reviews.empty')}</EmptyState>
      ) : (
        <>
          <ul className="divide-y divide-gray-100 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-gray-900/5">
            {items.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
          <MorePages list={reviews} />
        </>
      )}
    </section>
  );
}
