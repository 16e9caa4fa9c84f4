import { sql } from 'kysely';
import type { Kdb } from '../../db/database';
import type { NewUser, UserRow } from '../../db/schema';
import { linkExists } from '../../db/links';

// SQL of the users feature only.

export const findUserById = (db: Kdb, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByUsername = (db: Kdb, username: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();

export const findUserByVerifiedPhone = (db: Kdb, phone: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where('phone', '=', phone)
    .where('phone_verified', '=', true)
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
      | 'profile_pic_bytes'
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
    .set({
      ...changes,
      // A number typed in the profile is not proved: changing it drops the verification (SET reads
      // the row as it was).
      ...(changes.phone !== undefined
        ? { phone_verified: sql<boolean>`phone_verified AND phone IS NOT DISTINCT FROM ${changes.phone}` }
        : {}),
      updated_at: new Date(),
    })
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

/**
 * The bytes a member's stored files take (STORAGE_QUOTA_MB), summed from the rows that name them:
 * their posts' pictures (both sizes; one when the feed's is the same file), their profile picture,
 * their videos with each thumbnail and low-data copy, and the CVs they sent. Each part is read
 * through the member's index on its table.
 */
export async function sumStoredBytes(db: Kdb, userId: number): Promise<number> {
  const { rows } = await sql<{ bytes: number | string }>`
    SELECT
      (SELECT coalesce(sum(coalesce(image_bytes, 0)
          + CASE WHEN image_feed_url IS DISTINCT FROM image_url THEN coalesce(image_feed_bytes, 0) ELSE 0 END), 0)
         FROM posts WHERE user_id = ${userId} AND image_url IS NOT NULL)
      + (SELECT coalesce(sum(size_bytes + coalesce(thumbnail_bytes, 0)), 0) FROM videos WHERE user_id = ${userId})
      + (SELECT coalesce(sum(r.size_bytes), 0)
           FROM video_renditions r JOIN videos v ON v.id = r.video_id WHERE v.user_id = ${userId})
      + (SELECT coalesce(sum(profile_pic_bytes), 0) FROM users WHERE id = ${userId})
      + (SELECT coalesce(sum(cv_bytes), 0) FROM job_applications WHERE user_id = ${userId})
      + (SELECT coalesce(sum(document_bytes), 0) FROM employer_verifications WHERE user_id = ${userId})
      AS bytes
  `.execute(db);
  return Number(rows[0]?.bytes ?? 0);
}

/**
 * Locks the member's row for the rest of the transaction, so two uploads at once are measured
 * against the quota one after the other. No key update: rows that merely refer to the member
 * (likes, comments) are not held up. Answers the member's picture as it is under the lock.
 */
export const lockStorageOf = (db: Kdb, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'profile_pic', 'profile_pic_bytes'])
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirst();

/** What the member wrote, by the type names reports and the audit log use. */
const AUTHORED = [
  { type: 'post', table: 'posts', author: 'user_id' },
  { type: 'comment', table: 'comments', author: 'author_id' },
  { type: 'job', table: 'jobs', author: 'client_id' },
  { type: 'bid', table: 'bids', author: 'client_id' },
  { type: 'offer', table: 'offers', author: 'user_id' },
  { type: 'service', table: 'services', author: 'user_id' },
  { type: 'video', table: 'videos', author: 'user_id' },
  { type: 'message', table: 'messages', author: 'sender_id' },
] as const;

/**
 * Deletes the account and what the cascade cannot reach (docs/features/your-data.md, erasure): in one transaction,
 * the audit log keeps its records (who did what, when, to which id) without the member's words or
 * name; stored idempotent answers that name them go (the request then runs again if repeated);
 * hashtags only their posts used go; like counts of posts they liked and ratings of members they
 * reviewed are counted again without them.
 */
export async function eraseUser(db: Kdb, id: number) {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('username')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!user) return false;
    for (const { type, table, author } of AUTHORED)
      await sql`
        UPDATE audit_log SET target_label = ''
        WHERE target_type = ${type}
          AND target_id IN (SELECT id FROM ${sql.table(table)} WHERE ${sql.ref(author)} = ${id})`.execute(
        trx,
      );
    await trx
      .updateTable('audit_log')
      .set({ target_label: '' })
      .where('target_type', '=', 'user')
      .where('target_id', '=', id)
      .execute();
    await trx.updateTable('audit_log').set({ admin_username: '' }).where('admin_id', '=', id).execute();
    // Others' stored answers and paths that name them (a follow: POST /api/users/%40name/follow).
    // Usernames are unique whatever the case; quoted in JSON and between slashes in a path, a
    // username matches itself and no longer one.
    const segments = [user.username, encodeURIComponent(user.username)].map((u) => `/${u.toLowerCase()}/`);
    await sql`
      DELETE FROM idempotency_keys
      WHERE strpos(response_body, ${JSON.stringify(user.username)}) > 0
         OR strpos(lower(request) || '/', ${segments[0]}) > 0
         OR strpos(lower(request) || '/', ${segments[1]}) > 0`.execute(trx);
    const [tags, liked, reviewed] = await Promise.all([
      trx
        .selectFrom('post_hashtags')
        .innerJoin('posts', 'posts.id', 'post_hashtags.post_id')
        .select('post_hashtags.hashtag_id')
        .distinct()
        .where('posts.user_id', '=', id)
        .execute(),
      trx.selectFrom('post_likes').select('post_id').where('user_id', '=', id).execute(),
      trx.selectFrom('reviews').select('reviewee_id').distinct().where('reviewer_id', '=', id).execute(),
    ]);
    // Foreign keys cascade: posts, likes, follows, jobs, applications, bids, offers, services, videos,
    // conversations, notifications about them (actor_id)...
    await trx.deleteFrom('users').where('id', '=', id).execute();
    if (tags.length)
      await trx
        .deleteFrom('hashtags')
        .where(
          'id',
          'in',
          tags.map((t) => t.hashtag_id),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('post_hashtags')
                .select('post_id')
                .whereRef('post_hashtags.hashtag_id', '=', 'hashtags.id'),
            ),
          ),
        )
        .execute();
    if (liked.length)
      await sql`
        UPDATE posts SET like_count = (SELECT count(*) FROM post_likes l WHERE l.post_id = posts.id)
        WHERE id IN (${sql.join(liked.map((l) => l.post_id))})`.execute(trx);
    if (reviewed.length)
      await sql`
        UPDATE users SET
          rating_sum = (SELECT coalesce(sum(rating), 0) FROM reviews r WHERE r.reviewee_id = users.id),
          rating_count = (SELECT count(*) FROM reviews r WHERE r.reviewee_id = users.id)
        WHERE id IN (${sql.join(reviewed.map((r) => r.reviewee_id))})`.execute(trx);
    return true;
  });
}

/** Whether blockerId has blocked blockedId (a primary-key probe). */
export const hasBlocked = (db: Kdb, blockerId: number, blockedId: number) =>
  linkExists(db, 'blocks', blockerId, blockedId);
