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
