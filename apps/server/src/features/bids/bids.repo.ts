import { sql } from 'kysely';
import type { Kdb } from '../../db/database';
import { keysetPage, type PageRequest } from '../../platform/pagination';
import { containsPattern } from '../../platform/search';

// SQL of the bids feature only.

export interface BidFilter {
  clientId?: number | undefined;
  search?: string | undefined;
}

function selectBids(db: Kdb) {
  return db
    .selectFrom('bids')
    .innerJoin('users', 'users.id', 'bids.client_id')
    .select([
      'bids.id',
      'bids.job_title',
      'bids.client_id',
      'bids.max_price',
      'bids.description',
      'bids.status',
      'bids.created_at',
      'users.name',
      'users.username',
      'users.profile_pic',
    ]);
}

export type BidRow = Awaited<ReturnType<ReturnType<typeof selectBids>['executeTakeFirstOrThrow']>>;

export function listBids(db: Kdb, filter: BidFilter, page: PageRequest) {
  let query = selectBids(db);
  if (filter.clientId !== undefined) query = query.where('bids.client_id', '=', filter.clientId);
  if (filter.search) {
    // The same expression as the trigram index bids_job_title_trgm_idx.
    query = query.where(
      sql<boolean>`lower(bids.job_title) like lower(${containsPattern(filter.search)}) escape '\\'`,
    );
  }
  return keysetPage(query, { createdAt: 'bids.created_at', id: 'bids.id' }, page).execute();
}

export const findBid = (db: Kdb, id: number) => selectBids(db).where('bids.id', '=', id).executeTakeFirst();

/**
 * The bid row, locked for the rest of the transaction: `update` to accept an offer (so two clicks
 * cannot accept two offers), `share` to place one (so no offer lands on a bid being closed).
 */
export const lockBid = (db: Kdb, id: number, mode: 'update' | 'share') => {
  const query = db
    .selectFrom('bids')
    .select(['id', 'client_id', 'job_title', 'max_price', 'status'])
    .where('id', '=', id);
  return (mode === 'update' ? query.forUpdate() : query.forShare()).executeTakeFirst();
};

export const insertBid = (
  db: Kdb,
  bid: { client_id: number; job_title: string; max_price: number; description: string },
) => db.insertInto('bids').values(bid).returning('id').executeTakeFirstOrThrow();

function selectOffers(db: Kdb) {
  return db
    .selectFrom('offers')
    .innerJoin('users', 'users.id', 'offers.user_id')
    .innerJoin('bids', 'bids.id', 'offers.bid_id')
    .select([
      'offers.id',
      'offers.bid_id',
      'offers.user_id',
      'offers.offer_price',
      'offers.message',
      'offers.accepted',
      'offers.created_at',
      'users.name',
      'users.username',
      'users.profile_pic',
      'bids.client_id',
    ]);
}

export type OfferRow = Awaited<ReturnType<ReturnType<typeof selectOffers>['executeTakeFirstOrThrow']>>;

/** The offers of a page of bids in one query, oldest first within each bid. */
export function listOffersForBids(db: Kdb, bidIds: number[]) {
  if (bidIds.length === 0) return Promise.resolve([]);
  return selectOffers(db)
    .where('offers.bid_id', 'in', bidIds)
    .orderBy('offers.bid_id')
    .orderBy('offers.created_at')
    .orderBy('offers.id')
    .execute();
}

export const findOffer = (db: Kdb, id: number) =>
  selectOffers(db).where('offers.id', '=', id).executeTakeFirst();

export const insertOffer = (
  db: Kdb,
  offer: { bid_id: number; user_id: number; offer_price: number; message: string },
) => db.insertInto('offers').values(offer).returning('id').executeTakeFirstOrThrow();

export const findOfferBidId = (db: Kdb, id: number) =>
  db.selectFrom('offers').select(['id', 'bid_id', 'user_id']).where('id', '=', id).executeTakeFirst();

/** The partial unique index offers_one_accepted_per_bid refuses a second accepted offer. */
export const markOfferAccepted = (db: Kdb, id: number) =>
  db.updateTable('offers').set({ accepted: true }).where('id', '=', id).execute();

export const closeBid = (db: Kdb, id: number) =>
  db.updateTable('bids').set({ status: 'Closed' }).where('id', '=', id).execute();
