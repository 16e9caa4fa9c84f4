import type { BidDto, OfferDto } from '@jamii/shared';
import type { BidRow, OfferRow } from './bids.repo';

export function toOfferDto(row: OfferRow): OfferDto {
  return {
    id: row.id,
    bid_id: row.bid_id,
    user_id: row.user_id,
    offer_price: Number(row.offer_price),
    message: row.message,
    name: row.name,
    username: row.username,
    profile_pic: row.profile_pic,
    created_at: row.created_at.toISOString(),
    accepted: row.accepted,
    client_id: row.client_id,
  };
}

export function toBidDto(row: BidRow, offers: OfferRow[]): BidDto {
  return {
    id: row.id,
    job_title: row.job_title,
    client_id: row.client_id,
    max_price: Number(row.max_price),
    description: row.description,
    created_at: row.created_at.toISOString(),
    name: row.name,
    username: row.username,
    profile_pic: row.profile_pic,
    status: row.status,
    offers: offers.map(toOfferDto),
  };
}
