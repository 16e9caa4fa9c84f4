import { normalizeUsername, ratingAverage, webPaths, type PersonDto } from '@jamii/shared';
import type { Kdb } from '../../db/database';
import type { CurrentUser } from '../../platform/auth';
import type { Platform } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { toPage, type PageRequest } from '../../platform/pagination';
import { writeTransaction } from '../../platform/write-transaction';
import type { Notifier } from '../notifications/notifications.service';
import { assertNotBlocked } from '../blocks/blocks.service';
import * as repo from './follows.repo';

/** A follow undone and redone within this time does not notify again (docs/features/notifications.md). */
const FOLLOW_NOTICE_WINDOW_MS = 60 * 60 * 1000;

export const SUGGESTIONS_MAX = 50;

/** What a profile shows about follows: the counts, and whether the viewer follows the member. */
export async function findFollowSummary(db: Kdb, memberId: number, viewerId: number | null) {
  const [counts, followedByMe] = await Promise.all([
    repo.countFollows(db, memberId),
    viewerId && viewerId !== memberId ? repo.isFollowing(db, viewerId, memberId) : Promise.resolve(false),
  ]);
  return { ...counts, followed_by_me: followedByMe };
}

export function createFollowsService(p: Pick<Platform, 'db'>, notifier: Notifier) {
  const { db } = p;

  async function target(username: string) {
    const row = await repo.findMember(db, { username: normalizeUsername(username) });
    if (!row) throw notFound('Member');
    return row;
  }

  return {
    /** Idempotent; the followed member is told once, and once an hour at most (follow, undo, follow). */
    async follow(user: CurrentUser, username: string) {
      const followee = await target(username);
      if (followee.id === user.id)
        throw new AppError('CANNOT_FOLLOW_SELF', 400, 'You cannot follow yourself');
      await assertNotBlocked(db, user.id, followee.id);
      if (await writeTransaction(db, (trx) => repo.insertFollow(trx, user.id, followee.id))) {
        await notifier.notifyOncePer(
          FOLLOW_NOTICE_WINDOW_MS,
          followee.id,
          `follow:${user.id}`,
          { kind: 'followed', params: { name: user.name, username: user.username } },
          'info',
          { link: webPaths.user(user.username), category: 'follows' },
        );
      }
      return { following: true, ...(await repo.countFollows(db, followee.id)) };
    },

    async unfollow(user: CurrentUser, username: string) {
      const followee = await target(username);
      await repo.deleteFollow(db, user.id, followee.id);
      return { following: false, ...(await repo.countFollows(db, followee.id)) };
    },

    async list(key: string, side: 'followers' | 'following', viewerId: number | null, page: PageRequest) {
      const member = await repo.findMember(
        db,
        /^\d+$/.test(key) ? { id: Number(key) } : { username: normalizeUsername(key) },
      );
      if (!member) throw notFound('Member');
      const result = toPage(await repo.listFollowPeople(db, member.id, side, viewerId, page), page);
      return {
        ...result,
        items: result.items.map(({ cursor_key: _cursor, rating_sum, ...person }): PersonDto => ({
          ...person,
          rating_avg: ratingAverage(rating_sum, person.rating_count),
          followed_by_me: Boolean(person.followed_by_me),
        })),
      };
    },

    async suggestions(
      user: CurrentUser,
      opts: { limit: number; search?: string | undefined; county?: string | undefined },
    ): Promise<PersonDto[]> {
      const rows = await repo.findSuggestions(
        db,
        { id: user.id },
        { limit: Math.min(opts.limit, SUGGESTIONS_MAX), search: opts.search, county: opts.county },
      );
      return rows.map(({ rating_sum, ...r }) => ({
        ...r,
        rating_avg: ratingAverage(rating_sum, r.rating_count),
        followed_by_me: Boolean(r.followed_by_me),
      }));
    },
  };
}
