import type { Language, NotificationCategory } from '@jamii/shared';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Kdb } from '../../db/database';
import type { DB, NotificationType } from '../../db/schema';
import { keysetPage, type PageRequest } from '../../platform/pagination';
import { rowExists } from '../../db/row-exists';

/** A row to write: the English rendering in `message`, the kind and its parameters beside it. */
export interface NewNotification {
  user_id: number;
  message: string;
  kind: string;
  params: object;
  type: NotificationType;
  link?: string | null;
  actor_id?: number | null;
  is_read?: boolean;
}

// Sent as text and cast, so PGlite and node-postgres store the same JSON object.
const jsonb = (value: object) => sql<Record<string, unknown>>`cast(${JSON.stringify(value)} as text)::jsonb`;

/** The recipient's language beside a written row (a subquery in RETURNING: no second round trip). */
const recipientLanguage = (eb: ExpressionBuilder<DB, 'notifications'>) =>
  eb
    .selectFrom('users')
    .select('users.language')
    .whereRef('users.id', '=', 'notifications.user_id')
    .$castTo<Language | null>()
    .as('language');

export const insertNotification = (db: Kdb, n: NewNotification) =>
  db
    .insertInto('notifications')
    .values({ ...n, params: jsonb(n.params) })
    .returningAll()
    .returning(recipientLanguage)
    .executeTakeFirstOrThrow();

/** One row per group (e.g. likes on one post): a repeat updates it and marks it unread again. */
export const upsertGroupedNotification = (db: Kdb, n: NewNotification & { group_key: string }) =>
  db
    .insertInto('notifications')
    .values({ ...n, params: jsonb(n.params) })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'group_key'])
        .where('group_key', 'is not', null)
        .doUpdateSet({
          message: n.message,
          kind: n.kind,
          params: jsonb(n.params),
          type: n.type,
          link: n.link ?? null,
          // The row now names the latest member (as its message does).
          actor_id: n.actor_id ?? null,
          is_read: false,
          created_at: new Date(),
        }),
    )
    .returningAll()
    .returning(recipientLanguage)
    .executeTakeFirstOrThrow();

/** Whether the member got this group's notification at or after `since`. */
export const hasGroupedSince = (db: Kdb, userId: number, groupKey: string, since: Date) =>
  rowExists(
    db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('group_key', '=', groupKey)
      .where('created_at', '>=', since),
  );

/** Whether the member turned this category's in-app notifications off (a primary-key probe). */
export const isMuted = (db: Kdb, userId: number, category: NotificationCategory) =>
  rowExists(
    db
      .selectFrom('notification_preferences')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('category', '=', category)
      .where('in_app', '=', false),
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
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select([
        'notifications.id',
        'notifications.user_id',
        'notifications.message',
        'notifications.kind',
        'notifications.params',
        'notifications.type',
        'notifications.is_read',
        'notifications.link',
        'notifications.created_at',
        'users.language',
      ])
      .where('notifications.user_id', '=', userId),
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
    .returning(recipientLanguage)
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
