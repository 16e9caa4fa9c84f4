import { ratingAverage, type BidDto, type OfferCounts, type OfferDto } from '@jamii/shared';
import { authorFields, editedItemFields } from '../../platform/item-fields';
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
    ...authorFields(row),
    ...editedItemFields(row),
    accepted: row.accepted,
    status: row.status,
    client_id: row.client_id,
    rating_avg: ratingAverage(row.rating_sum, row.rating_count),
    rating_count: row.rating_count,
    risk: toRisk(row),
  };
}

/** `counts`: of every offer the reader may see, which `offers` may hold only some of. */
export function toBidDto(row: BidRow, offers: OfferRow[], counts: OfferCounts): BidDto {
  return {
    id: row.id,
    job_title: row.job_title,
    client_id: row.client_id,
    max_price: Number(row.max_price),
    currency: row.currency,
    description: row.description,
    ...editedItemFields(row),
    ...authorFields(row),
    poster_verified: row.poster_verified,
    reviewed_by_me: Boolean(row.reviewed_by_me),
    status: row.status,
    offers: offers.map(toOfferDto),
    ...counts,
    risk: toRisk(row),
  };
}
