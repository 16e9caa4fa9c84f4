import type { Kdb } from '../../db/database';
import type { NewUser, UserRow } from '../../db/schema';
import { rowExists } from '../../db/row-exists';

// SQL of the users feature only.

export const findUserById = (db: Kdb, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByUsername = (db: Kdb, username: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();

export const findUserByEmail = (db: Kdb, email: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();

export const findCurrentUser = (db: Kdb, id: number) =>
  db.selectFrom('users').select(['id', 'username', 'name', 'role']).where('id', '=', id).executeTakeFirst();

export const insertUser = (db: Kdb, user: NewUser) =>
  db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();

export const updateUser = (
  db: Kdb,
  id: number,
  changes: Partial<
    Pick<
      UserRow,
      | 'name'
      | 'bio'
      | 'location'
      | 'headline'
      | 'skills'
      | 'profile_pic'
      | 'password_hash'
      | 'role'
      | 'language'
      | 'phone'
      | 'show_phone'
    >
  >,
) =>
  db
    .updateTable('users')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

export const setRoleByUsername = (db: Kdb, username: string, role: 'member' | 'admin') =>
  db
    .updateTable('users')
    .set({ role })
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .returning(['id', 'username', 'role'])
    .executeTakeFirst();

/** Every stored file a member's rows point at, so deleting the account can remove them too. */
export async function findUserFiles(db: Kdb, userId: number): Promise<string[]> {
  const [user, posts, videos, renditions] = await Promise.all([
    db.selectFrom('users').select('profile_pic').where('id', '=', userId).executeTakeFirst(),
    db.selectFrom('posts').select(['image_url', 'image_feed_url']).where('user_id', '=', userId).execute(),
    db.selectFrom('videos').select(['video_url', 'thumbnail_url']).where('user_id', '=', userId).execute(),
    db
      .selectFrom('video_renditions')
      .innerJoin('videos', 'videos.id', 'video_renditions.video_id')
      .select('video_renditions.url')
      .where('videos.user_id', '=', userId)
      .execute(),
  ]);
  return [
    user?.profile_pic,
    ...posts.flatMap((p) => [p.image_url, p.image_feed_url]),
    ...videos.flatMap((v) => [v.video_url, v.thumbnail_url]),
    ...renditions.map((r) => r.url),
  ].filter((url): url is string => Boolean(url));
}

/** Foreign keys cascade: posts, likes, follows, jobs, applications, bids, offers, services, videos, ... */
export const deleteUser = (db: Kdb, id: number) =>
  db.deleteFrom('users').where('id', '=', id).executeTakeFirst();

/** Whether blockerId has blocked blockedId (a primary-key probe). */
export const hasBlocked = (db: Kdb, blockerId: number, blockedId: number) =>
  rowExists(
    db
      .selectFrom('blocks')
      .select('blocker_id')
      .where('blocker_id', '=', blockerId)
      .where('blocked_id', '=', blockedId),
  );
