import type { BlockAnswer } from '@jamii/shared';
import type { Kdb } from '../../db/database';
import type { CurrentUser } from '../../platform/auth';
import type { Platform } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { blockedError } from '../../platform/interactions';
import { toPage, type PageRequest } from '../../platform/pagination';
import * as repo from './blocks.repo';
import { writeTransaction } from '../../platform/write-transaction';

/** For other features (messages, offers, applications, follows): does a block stand between a and b? */
export const isBlockedEitherWay = repo.isBlockedEitherWay;

/** The 403 every route answers between a blocked pair (platform/interactions). */
export { blockedError };

/** Throws the 403 when either member has blocked the other. */
export async function assertNotBlocked(db: Kdb, a: number, b: number) {
  if (await repo.isBlockedEitherWay(db, a, b)) throw blockedError();
}

export function createBlocksService(p: Pick<Platform, 'db' | 'events'>) {
  const { db, events } = p;

  async function target(user: CurrentUser, username: string) {
    const row = await repo.findMember(db, username);
    if (!row) throw notFound('Member');
    if (row.id === user.id) throw new AppError('CANNOT_BLOCK_SELF', 400, 'You cannot block yourself');
    return row;
  }

  return {
    /** Idempotent; ends the follows both ways in the same transaction. */
    async block(user: CurrentUser, username: string): Promise<BlockAnswer> {
      const other = await target(user, username);
      await writeTransaction(db, async (trx) => {
        await repo.insertBlock(trx, user.id, other.id);
        await repo.deleteFollowsBetween(trx, user.id, other.id);
      });
      // Neither may watch the other's things any more, on any of their sockets.
      events.recheckMembers([user.id, other.id]);
      return { blocked: true, username: other.username };
    },

    async unblock(user: CurrentUser, username: string): Promise<BlockAnswer> {
      const other = await target(user, username);
      await repo.deleteBlock(db, user.id, other.id);
      // Only forgets the cached refusals: each may watch the other's things again at once.
      events.recheckMembers([user.id, other.id]);
      return { blocked: false, username: other.username };
    },

    async list(user: CurrentUser, page: PageRequest) {
      const rows = await repo.listBlocked(db, user.id, page);
      const result = toPage(rows, page);
      return {
        ...result,
        items: result.items.map((r) => ({
          id: r.id,
          username: r.username,
          name: r.name,
          profile_pic: r.profile_pic,
          blocked_at: r.blocked_at.toISOString(),
        })),
      };
    },
  };
}
