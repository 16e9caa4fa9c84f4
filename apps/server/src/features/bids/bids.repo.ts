import { sql, type Insertable, type Updateable } from 'kysely';
import { AUTHOR_COLUMNS, selectWithAuthor } from '../../db/authors';
import type { Kdb } from '../../db/database';
import type { BidsTable, OffersTable } from '../../db/schema';
import { keysetPage, type PageRequest } from '../../platform/pagination';
import { containsPattern } from '../../platform/search';
import { visibleItem, type Viewer } from '../../platform/visibility';

// SQL of the bids feature only.

// What the members write, from the row types: a new column reaches these without restating it.
// Left out: what the database or the service's own steps set (ids, states, stamps, screening).
type BidSystemColumns =
  'id' | 'status' | 'created_at' | 'edited_at' | 'moderation' | 'risk_level' | 'risk_reasons';
type OfferSystemColumns = 'id' | 'status' | 'accepted' | 'created_at' | 'edited_at' | 'moderation';
export type NewBid = Omit<Insertable<BidsTable>, BidSystemColumns>;
export type BidChanges = Omit<Updateable<BidsTable>, BidSystemColumns | 'client_id'>;
export type NewOffer = Omit<Insertable<OffersTable>, OfferSystemColumns>;
export type OfferChanges = Omit<Updateable<OffersTable>, OfferSystemColumns | 'bid_id' | 'user_id'>;

export interface BidFilter {
  clientId?: number | undefined;
  search?: string | undefined;
  /** Who is looking: hidden/held bids and blocked pairs are left out (platform/visibility). */
  viewer?: Viewer | undefined;
}

/** `viewerId`: whose review of each bid `reviewed_by_me` looks for (none: false). */
function selectBids(db: Kdb, viewerId: number | null = null) {
  return selectWithAuthor(db, 'bids', 'client_id')
    .select([
      'bids.id',
      'bids.job_title',
      'bids.client_id',
      'bids.max_price',
      'bids.currency',
      'bids.description',
      'bids.status',
      'bids.created_at',
      'bids.edited_at',
      'bids.moderation',
      'bids.risk_level',
      'bids.risk_reasons',
      ...AUTHOR_COLUMNS,
      'users.email_verified as poster_verified',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('reviews')
            .select('reviews.id')
            .whereRef('reviews.bid_id', '=', 'bids.id')
            .where('reviews.reviewer_id', '=', viewerId ?? 0),
        )
        .as('reviewed_by_me'),
    );
}

export type BidRow = Awaited<ReturnType<ReturnType<typeof selectBids>['executeTakeFirstOrThrow']>>;

export function listBids(db: Kdb, filter: BidFilter, page: PageRequest) {
  let query = selectBids(db, filter.viewer?.id ?? null);
  if (filter.viewer !== undefined) query = query.where(visibleItem(filter.viewer, 'bids'));
  if (filter.clientId !== undefined) query = query.where('bids.client_id', '=', filter.clientId);
  if (filter.search) {
    // The same expression as the trigram index bids_job_title_trgm_idx.
    query = query.where(
      sql<boolean>`lower(bids.job_title) like lower(${containsPattern(filter.search)}) escape '\\'`,
    );
  }
  return keysetPage(query, { createdAt: 'bids.created_at', id: 'bids.id' }, page).execute();
}

/** With a viewer, a bid they may not see (hidden, held, blocked pair) is not found. */
export function findBid(db: Kdb, id: number, viewer?: Viewer) {
  const query = selectBids(db, viewer?.id ?? null).where('bids.id', '=', id);
  return (viewer === undefined ? query : query.where(visibleItem(viewer, 'bids'))).executeTakeFirst();
}

/**
 * The bid row, locked for the rest of the transaction: `update` to accept an offer (so two clicks
 * cannot accept two offers), `share` to place one (so no offer lands on a bid being closed).
 */
export const lockBid = (db: Kdb, id: number, mode: 'update' | 'share') => {
  const query = db
    .selectFrom('bids')
    .select(['id', 'client_id', 'job_title', 'max_price', 'currency', 'status'])
    .where('id', '=', id);
  return (mode === 'update' ? query.forUpdate() : query.forShare()).executeTakeFirst();
};

export const insertBid = (db: Kdb, bid: NewBid) =>
  db.insertInto('bids').values(bid).returning('id').executeTakeFirstOrThrow();

/** The owner's edit; marks the bid edited. */
export const updateBid = (db: Kdb, id: number, changes: BidChanges) =>
  db
    .updateTable('bids')
    .set({ ...changes, edited_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();

/** Its offers go with it (ON DELETE CASCADE). */
export const deleteBid = (db: Kdb, id: number) => db.deleteFrom('bids').where('id', '=', id).execute();

export const completeBid = (db: Kdb, id: number) =>
  db.updateTable('bids').set({ status: 'Completed' }).where('id', '=', id).execute();

/** The highest price among the live offers (pending or accepted), to keep an edited max above it. */
export const findHighestLiveOffer = (db: Kdb, bidId: number) =>
  db
    .selectFrom('offers')
    .select((eb) => [eb.fn.max('offer_price').as('highest'), eb.fn.countAll<string>().as('count')])
    .where('bid_id', '=', bidId)
    .where('status', 'in', ['pending', 'accepted'])
    .executeTakeFirstOrThrow();

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
      'offers.delivery_days',
      'offers.accepted',
      'offers.status',
      'offers.created_at',
      'offers.edited_at',
      'offers.moderation',
      'offers.risk_level',
      'offers.risk_reasons',
      'users.name',
      'users.username',
      'users.profile_pic',
      'users.rating_sum',
      'users.rating_count',
      'bids.client_id',
      'bids.currency',
    ]);
}

export type OfferRow = Awaited<ReturnType<ReturnType<typeof selectOffers>['executeTakeFirstOrThrow']>>;

/** The offers of a page of bids in one query, oldest first within each bid. */
export function listOffersForBids(db: Kdb, bidIds: number[], viewer?: Viewer) {
  if (bidIds.length === 0) return Promise.resolve([]);
  const query = selectOffers(db).where('offers.bid_id', 'in', bidIds);
  // With a viewer: hidden/held offers only for their author and admins, none across a block.
  return (viewer === undefined ? query : query.where(visibleItem(viewer, 'offers')))
    .orderBy('offers.bid_id')
    .orderBy('offers.created_at')
    .orderBy('offers.id')
    .execute();
}

/**
 * A page of bids' offers as a list shows them (BID_OFFERS_IN_LIST): the first `perBid` of each bid,
 * oldest first, and always its accepted offer and the viewer's own; each row carries its bid's
 * counts of visible offers, so a bid's size costs the database a count, not the answer its rows.
 */
export function listOfferPreviewsForBids(db: Kdb, bidIds: number[], viewer: Viewer, perBid: number) {
  if (bidIds.length === 0) return Promise.resolve([]);
  const ranked = db
    .selectFrom('offers')
    .select([
      'offers.id',
      sql<string>`row_number() over (partition by offers.bid_id order by offers.created_at, offers.id)`.as(
        'rank',
      ),
      sql<string>`count(*) over (partition by offers.bid_id)`.as('offer_count'),
      sql<string>`count(*) filter (where offers.status = 'pending') over (partition by offers.bid_id)`.as(
        'pending_offer_count',
      ),
    ])
    .where('offers.bid_id', 'in', bidIds)
    .where(visibleItem(viewer, 'offers'));
  return selectOffers(db)
    .innerJoin(ranked.as('ranked'), 'ranked.id', 'offers.id')
    .select(['ranked.offer_count', 'ranked.pending_offer_count'])
    .where((eb) =>
      eb.or([
        sql<boolean>`ranked.rank <= ${perBid}`,
        eb('offers.status', '=', 'accepted'),
        eb('offers.user_id', '=', viewer?.id ?? 0),
      ]),
    )
    .orderBy('offers.bid_id')
    .orderBy('offers.created_at')
    .orderBy('offers.id')
    .execute();
}

export const findOffer = (db: Kdb, id: number) =>
  selectOffers(db).where('offers.id', '=', id).executeTakeFirst();

export const insertOffer = (db: Kdb, offer: NewOffer) =>
  db.insertInto('offers').values(offer).returning('id').executeTakeFirstOrThrow();

/** The member's live (not withdrawn) offer on a bid, if any: at most one (offers_one_live_per_member). */
export const findLiveOffer = (db: Kdb, bidId: number, userId: number) =>
  db
    .selectFrom('offers')
    .select('id')
    .where('bid_id', '=', bidId)
    .where('user_id', '=', userId)
    .where('status', '<>', 'withdrawn')
    .executeTakeFirst();

export const findOfferBidId = (db: Kdb, id: number) =>
  db
    .selectFrom('offers')
    .select(['id', 'bid_id', 'user_id', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();

/** The author of the bid's accepted offer, if any (at most one: offers_one_accepted_per_bid). */
export const findAcceptedOfferAuthor = (db: Kdb, bidId: number) =>
  db
    .selectFrom('offers')
    .select('user_id')
    .where('bid_id', '=', bidId)
    .where('status', '=', 'accepted')
    .executeTakeFirst();

/** The partial unique index offers_one_accepted_per_bid refuses a second accepted offer. */
export const markOfferAccepted = (db: Kdb, id: number) =>
  db.updateTable('offers').set({ accepted: true, status: 'accepted' }).where('id', '=', id).execute();

/** Every other pending offer of the bid becomes declined; answers their authors. */
export const declinePendingOffers = (db: Kdb, bidId: number) =>
  db
    .updateTable('offers')
    .set({ status: 'declined' })
    .where('bid_id', '=', bidId)
    .where('status', '=', 'pending')
    .returning('user_id')
    .execute();

/** The author's edit; marks the offer edited. */
export const updateOffer = (db: Kdb, id: number, changes: OfferChanges) =>
  db
    .updateTable('offers')
    .set({ ...changes, edited_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();

export const deleteOffer = (db: Kdb, id: number) =>
  db.deleteFrom('offers').where('id', '=', id).executeTakeFirst();

export const withdrawOffer = (db: Kdb, id: number) =>
  db.updateTable('offers').set({ status: 'withdrawn' }).where('id', '=', id).execute();

export const closeBid = (db: Kdb, id: number) =>
  db.updateTable('bids').set({ status: 'Closed' }).where('id', '=', id).execute();
