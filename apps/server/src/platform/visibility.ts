import { sql, type RawBuilder } from 'kysely';
import type { Kdb } from '../db/database';

/**
 * Who sees what (DESIGN §8.6), in one place.
 *
 * - An item (post, job, bid, offer, service, video, comment) whose `moderation` is not 'visible'
 *   (hidden by moderators, or held by the scam shield) is seen only by its author and admins;
 *   everyone else gets it out of every list and a 404 on its direct read.
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
const AUTHOR: Record<ItemTable, string> = {
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

/** True when the viewer may see the moderation state of the row (visible, or theirs, or an admin). */
export function moderationAllows(
  viewer: Viewer,
  table: ItemTable,
  alias: string = table,
): RawBuilder<boolean> {
  if (viewer?.role === 'admin') return sql<boolean>`true`;
  const moderation = sql.ref(`${alias}.moderation`);
  if (viewer === null) return sql<boolean>`${moderation} = 'visible'`;
  return sql<boolean>`(${moderation} = 'visible' or ${sql.ref(`${alias}.${AUTHOR[table]}`)} = ${viewer.id})`;
}

/** The whole rule for one item row: its moderation state and blocks both ways. */
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
