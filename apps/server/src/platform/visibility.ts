import { sql, type RawBuilder } from 'kysely';
import type { Kdb } from '../db/database';

/**
 * Who sees what (docs/design.md#trust-and-safety), in one place.
 *
 * - An item (post, job, bid, offer, service, video, comment) whose `moderation` is not 'visible'
 *   (hidden by moderators, or held by the scam shield) is seen only by its author and admins;
 *   everyone else gets it out of every list and a 404 on its direct read.
 * - So is every item of a suspended member, while they are suspended: restoring the account brings
 *   the items back as they were (nothing is changed on the items themselves).
 * - Blocks work both ways (as on LinkedIn and Instagram): neither member of a blocked pair sees the
 *   other's items, in lists, search, suggestions or direct reads; a profile read answers 404.
 *   Admins are filtered by their own blocks too; they moderate from the admin queue.
 *
 * The helpers are SQL conditions added to the list's one query, so query counts and keyset paging
 * stay as they were (filtered rows are skipped by the database, never after the page is cut).
 */
export type Viewer = { id: number; role: 'member' | 'admin' } | null;

export type ItemTable = 'posts' | 'jobs' | 'bids' | 'offers' | 'services' | 'videos' | 'comments';

/** The column naming each item's author. */
export const AUTHOR: Record<ItemTable, string> = {
  posts: 'user_id',
  jobs: 'client_id',
  bids: 'client_id',
  offers: 'user_id',
  services: 'user_id',
  videos: 'user_id',
  comments: 'author_id',
};

/** True when neither the viewer nor the member in `userColumn` has blocked the other. */
export function notBlockedWith(viewer: Viewer, userColumn: string): RawBuilder<boolean> {
  if (viewer === null) return sql<boolean>`true`;
  const user = sql.ref(userColumn);
  return sql<boolean>`not exists (select 1 from blocks where (blocks.blocker_id = ${viewer.id} and blocks.blocked_id = ${user}) or (blocks.blocker_id = ${user} and blocks.blocked_id = ${viewer.id}))`;
}

/**
 * True when the member in `userColumn` is not suspended. A probe of users_suspended_idx (migration
 * 0039), which holds only suspended members: the planner hashes those few once per query.
 */
export function notSuspended(userColumn: string): RawBuilder<boolean> {
  return sql<boolean>`not exists (select 1 from users suspended where suspended.id = ${sql.ref(userColumn)} and suspended.suspended_at is not null)`;
}

/** True when the item is shown to everyone: not hidden or held, and its author not suspended. */
export function isPublicItem(table: ItemTable, alias: string = table): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${alias}.moderation`)} = 'visible' and ${notSuspended(`${alias}.${AUTHOR[table]}`)})`;
}

/**
 * True when the viewer may see the row as moderators and suspensions left it: public, or theirs, or
 * the viewer is an admin.
 */
export function moderationAllows(
  viewer: Viewer,
  table: ItemTable,
  alias: string = table,
): RawBuilder<boolean> {
  if (viewer?.role === 'admin') return sql<boolean>`true`;
  if (viewer === null) return isPublicItem(table, alias);
  return sql<boolean>`(${isPublicItem(table, alias)} or ${sql.ref(`${alias}.${AUTHOR[table]}`)} = ${viewer.id})`;
}

/** The whole rule for one item row: its moderation state, its author's suspension and blocks both ways. */
export function visibleItem(viewer: Viewer, table: ItemTable, alias: string = table): RawBuilder<boolean> {
  const moderation = moderationAllows(viewer, table, alias);
  if (viewer === null) return moderation;
  return sql<boolean>`(${moderation} and ${notBlockedWith(viewer, `${alias}.${AUTHOR[table]}`)})`;
}

/** Whether the viewer may see one item (a direct read, a like, a save, a comment under it). */
export async function isItemVisible(db: Kdb, table: ItemTable, id: number, viewer: Viewer): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`select 1 as one from ${sql.table(table)}
    where ${sql.ref(`${table}.id`)} = ${id} and ${visibleItem(viewer, table)}`.execute(db);
  return rows.length > 0;
}

/** Whether two members are a blocked pair, as a condition on a users row (for people lists). */
export const visibleMember = (viewer: Viewer, userIdColumn = 'users.id') =>
  notBlockedWith(viewer, userIdColumn);

/** The viewer of a request, reduced to what the rules need. */
export const toViewer = (user: { id: number; role: 'member' | 'admin' } | null | undefined): Viewer =>
  user ? { id: user.id, role: user.role } : null;
