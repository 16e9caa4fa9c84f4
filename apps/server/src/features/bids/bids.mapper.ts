import { ratingAverage, type BidDto, type OfferDto } from '@jamii/shared';
import { toRisk } from '../shield/shield.service';
import type { BidRow, OfferRow } from './bids.repo';

export function toOfferDto(row: OfferRow): OfferDto {
  return {
    id: row.id,
    bid_id: row.bid_id,
    user_id: row.user_id,
    offer_price: Number(row.offer_price),
    currency: row.currency,
    message: row.message,
    delivery_days: row.delivery_days,
    name: row.name,
    username: row.username,
    profile_pic: row.profile_pic,
    created_at: row.created_at.toISOString(),
    edited_at: row.edited_at?.toISOString() ?? null,
    moderation: row.moderation,
    accepted: row.accepted,
    status: row.status,
    client_id: row.client_id,
    rating_avg: ratingAverage(row.rating_sum, row.rating_count),
    rating_count: row.rating_count,
  };
}

export function toBidDto(row: BidRow, offers: OfferRow[]): BidDto {
  return {
    id: row.id,
    job_title: row.job_title,
    client_id: row.client_id,
    max_price: Number(row.max_price),
    currency: row.currency,
    description: row.description,
    created_at: row.created_at.toISOString(),
    edited_at: row.edited_at?.toISOString() ?? null,
    moderation: row.moderation,
    name: row.name,
    username: row.username,
    profile_pic: row.profile_pic,
    poster_verified: row.poster_verified,
    reviewed_by_me: Boolean(row.reviewed_by_me),
    status: row.status,
    offers: offers.map(toOfferDto),
    risk: toRisk(row),
  };
}
