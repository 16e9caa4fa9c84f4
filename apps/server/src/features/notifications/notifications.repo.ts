import type { NotificationCategory } from '@jamii/shared';
import type { Kdb } from '../../db/database';
import type { NotificationType } from '../../db/schema';
import { keysetPage, type PageRequest } from '../../platform/pagination';

export const insertNotification = (
  db: Kdb,
  n: { user_id: number; message: string; type: NotificationType; link?: string | null },
) => db.insertInto('notifications').values(n).returningAll().executeTakeFirstOrThrow();

/** One row per group (e.g. likes on one post): a repeat updates it and marks it unread again. */
export const upsertGroupedNotification = (
  db: Kdb,
  n: { user_id: number; message: string; type: NotificationType; group_key: string; link?: string | null },
) =>
  db
    .insertInto('notifications')
    .values(n)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'group_key'])
        .where('group_key', 'is not', null)
        .doUpdateSet({ message: n.message, link: n.link ?? null, is_read: false, created_at: new Date() }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();

/** Whether the member got this group's notification at or after `since`. */
export const hasGroupedSince = async (db: Kdb, userId: number, groupKey: string, since: Date) =>
  Boolean(
    await db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('group_key', '=', groupKey)
      .where('created_at', '>=', since)
      .executeTakeFirst(),
  );

/** Whether the member turned this category's in-app notifications off (a primary-key probe). */
export const isMuted = async (db: Kdb, userId: number, category: NotificationCategory) =>
  Boolean(
    await db
      .selectFrom('notification_preferences')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('category', '=', category)
      .where('in_app', '=', false)
      .executeTakeFirst(),
  );

export const listPreferences = (db: Kdb, userId: number) =>
  db
    .selectFrom('notification_preferences')
    .select(['category', 'in_app', 'email'])
    .where('user_id', '=', userId)
    .execute();

export const savePreference = (
  db: Kdb,
  row: { user_id: number; category: NotificationCategory; in_app: boolean; email: boolean },
) =>
  db
    .insertInto('notification_preferences')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'category']).doUpdateSet({ in_app: row.in_app, email: row.email }),
    )
    .execute();

export const listNotifications = (db: Kdb, userId: number, page: PageRequest) =>
  keysetPage(
    db
      .selectFrom('notifications')
      .select(['id', 'user_id', 'message', 'type', 'is_read', 'link', 'created_at'])
      .where('user_id', '=', userId),
    { createdAt: 'notifications.created_at', id: 'notifications.id' },
    page,
  ).execute();

export async function countUnread(db: Kdb, userId: number) {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export const findNotification = (db: Kdb, id: number) =>
  db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();

export const markRead = (db: Kdb, id: number) =>
  db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const deleteNotification = (db: Kdb, id: number) =>
  db.deleteFrom('notifications').where('id', '=', id).execute();

/** Marks every unread notification of the member read; answers how many there were. */
export async function markAllRead(db: Kdb, userId: number) {
  const result = await db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
