import { stripAt, type ReviewDto } from '@jamii/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPages } from '../../lib/pages';

export const REVIEWS_PAGE_SIZE = 10;

export const reviewKeys = {
  all: ['reviews'] as const,
  of: (username: string) => ['reviews', stripAt(username).toLowerCase()] as const,
};

/** `GET /api/users/{username}/reviews`: the reviews a member received, newest first. */
export function useMemberReviews(username: string) {
  return useInfiniteQuery({
    queryKey: reviewKeys.of(username),
    ...cursorPages<ReviewDto>(`/api/users/${encodeURIComponent(stripAt(username))}/reviews`, {
      limit: REVIEWS_PAGE_SIZE,
    }),
  });
}
