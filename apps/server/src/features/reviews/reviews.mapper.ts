import type { ReviewDto } from '@jamii/shared';
import type { ReviewRow } from './reviews.repo';

export function toReviewDto(row: ReviewRow): ReviewDto {
  return {
    id: row.id,
    reviewer: {
      id: row.reviewer_id,
      username: row.reviewer_username,
      name: row.reviewer_name,
      profile_pic: row.reviewer_profile_pic,
    },
    reviewee_id: row.reviewee_id,
    bid_id: row.bid_id,
    application_id: row.application_id,
    listing_title: row.listing_title,
    rating: row.rating,
    text: row.text,
    created_at: row.created_at.toISOString(),
  };
}
