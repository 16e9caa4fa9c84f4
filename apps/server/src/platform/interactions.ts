import { BLOCKED_MESSAGE } from '@jamii/shared';
import { sql } from 'kysely';
import type { Kdb } from '../db/database';
import { AppError, notFound } from './errors';
import { AUTHOR, isPublicItem, notBlockedWith, notSuspended, type ItemTable } from './visibility';

/**
 * Who may act toward whom, about what: the one rule of every write that reaches another member
 * (an offer, an accept, a completion, an application and its status, a review, a conversation, a
 * message, a comment, a reply), applied before anything is written, a notification above all
 * (docs/security.md, "Listings, blocks and suspensions").
 *
 * - A listing takes no interaction while it is hidden by moderators, held by the scam shield, or
 *   its author is suspended: 404, exactly as if it did not exist, for everyone, its author included
 *   (an owner cannot accept an offer on a bid moderators hid). Its author's own upkeep (edit,
 *   delete, close, withdraw their own offer or application) is not an interaction and stays open.
 * - A blocked pair (either way) cannot reach each other: 403 BLOCKED, whichever of the two acts.
 * - A suspended member cannot be reached: 404 while the suspension lasts.
 *
 * Reads have their own rule (platform/visibility.ts); this one is stricter, since what an author
 * may still see of their own item (labelled hidden or held) is no longer open to dealings.
 */

/** The listings a member acts on (videos take only likes and reports, under the read rule). */
export type Listing = Exclude<ItemTable, 'videos'>;

/** The 403 every route answers between a blocked pair. */
export const blockedError = () => new AppError('BLOCKED', 403, BLOCKED_MESSAGE);

/** A listing as the rule sees it: its author, whether it is open to dealings, and any block. */
export interface ListingStanding {
  authorId: number;
  /** Visible (neither hidden nor held) and its author not suspended. */
  open: boolean;
  /** The actor and the author are a blocked pair (never when the actor is the author). */
  blocked: boolean;
}

/** The listing's standing toward the actor, in one query; undefined when there is no such row. */
export async function findListingStanding(
  db: Kdb,
  table: Listing,
  id: number,
  actorId: number,
): Promise<ListingStanding | undefined> {
  const author = sql.ref(`listing.${AUTHOR[table]}`);
  const { rows } = await sql<{ author_id: number; open: boolean; unblocked: boolean }>`
    select ${author} as author_id, ${isPublicItem(table, 'listing')} as open,
           ${notBlockedWith({ id: actorId, role: 'member' }, `listing.${AUTHOR[table]}`)} as unblocked
    from ${sql.table(table)} as listing
    where listing.id = ${id}`.execute(db);
  const row = rows[0];
  return row && { authorId: row.author_id, open: row.open, blocked: !row.unblocked };
}

/**
 * The rule for a listing the actor deals with: 404 `<label> not found` when it is missing, hidden,
 * held or its author suspended; 403 BLOCKED across a block with its author. Answers the author.
 */
export async function assertListingOpen(db: Kdb, table: Listing, id: number, actorId: number, label: string) {
  const standing = await findListingStanding(db, table, id, actorId);
  if (!standing) throw notFound(label);
  // A blocked pair knows of each other: the block is the answer, before the listing's state.
  if (standing.blocked) throw blockedError();
  if (!standing.open) throw notFound(label);
  return standing.authorId;
}

/**
 * The rule between the actor and the other member of a deal or a conversation: 403 BLOCKED across
 * a block, 404 `<label> not found` while the other is suspended.
 */
export async function assertMayReach(db: Kdb, actorId: number, otherId: number, label: string) {
  if (actorId === otherId) return;
  const { rows } = await sql<{ unblocked: boolean; active: boolean }>`
    select ${notBlockedWith({ id: actorId, role: 'member' }, 'member.id')} as unblocked,
           ${notSuspended('member.id')} as active
    from users as member
    where member.id = ${otherId}`.execute(db);
  const row = rows[0];
  if (!row) throw notFound(label);
  if (!row.unblocked) throw blockedError();
  if (!row.active) throw notFound(label);
}
