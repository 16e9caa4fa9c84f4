import { normalizeUsername } from '@jamii/shared';
import { AUTHOR_COLUMNS, selectWithAuthor } from '../../db/authors';
import type { Kdb } from '../../db/database';
import { keysetPage, type PageRequest } from '../../platform/pagination';
import { isIdKey } from '../../platform/params';

/** Answers true when the block is new (a repeat changes nothing). */
export async function insertBlock(db: Kdb, blockerId: number, blockedId: number) {
  const rows = await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .returning('blocker_id')
    .execute();
  return rows.length === 1;
}

export const deleteBlock = (db: Kdb, blockerId: number, blockedId: number) =>
  db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();

/** Blocking ends the follows both ways. */
export const deleteFollowsBetween = (db: Kdb, a: number, b: number) =>
  db
    .deleteFrom('follows')
    .where((eb) =>
      eb.or([
        eb.and([eb('follower_id', '=', a), eb('followee_id', '=', b)]),
        eb.and([eb('follower_id', '=', b), eb('followee_id', '=', a)]),
      ]),
    )
    .execute();

/** Whether either member has blocked the other (two primary-key probes). */
export async function isBlockedEitherWay(db: Kdb, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return Boolean(row);
}

/** The member a block route names: by id (all digits) or by username. */
export function findMember(db: Kdb, key: string) {
  const query = db.selectFrom('users').select(['id', 'username']);
  return (
    isIdKey(key)
      ? query.where('id', '=', Number(key))
      : query.where((eb) => eb(eb.fn('lower', ['username']), '=', normalizeUsername(key).toLowerCase()))
  ).executeTakeFirst();
}

/** The members I blocked, newest block first. */
export const listBlocked = (db: Kdb, blockerId: number, page: PageRequest) =>
  keysetPage(
    selectWithAuthor(db, 'blocks', 'blocked_id')
      .select(['users.id', ...AUTHOR_COLUMNS, 'blocks.created_at as blocked_at'])
      .where('blocks.blocker_id', '=', blockerId),
    { createdAt: 'blocks.created_at', id: 'users.id' },
    page,
  ).execute();
