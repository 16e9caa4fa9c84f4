import type { Language, NotificationCategory, NotificationChannel } from '@jamii/shared';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Kdb } from '../../db/database';
import type { DB, NotificationType } from '../../db/schema';
import { keysetPage, type PageRequest } from '../../platform/pagination';

/**
 * A row to write: the kind and its parameters, never a sentence (rendered when read, in the reader's
 * language), so no text a member wrote can make it too long to store.
 */
export interface NewNotification {
  user_id: number;
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

/**
 * The row to write as a one-row SELECT, empty when the member turned `category` off (in-app): the
 * preference is read in the insert's own statement, not in a round trip before it.
 */
function unlessMuted(db: Kdb, n: NewNotification, category: NotificationCategory | undefined) {
  const row = db.selectNoFrom([
    sql<number>`${n.user_id}::integer`.as('user_id'),
    sql<number | null>`${n.actor_id ?? null}::integer`.as('actor_id'),
    sql<string>`${n.kind}::text`.as('kind'),
    jsonb(n.params).as('params'),
    sql<NotificationType>`${n.type}::text`.as('type'),
    sql<string | null>`${n.link ?? null}::text`.as('link'),
    sql<boolean>`${n.is_read ?? false}::boolean`.as('is_read'),
  ]);
  if (!category) return row;
  return row.where(({ not, exists, selectFrom }) =>
    not(
      exists(
        selectFrom('notification_preferences')
          .select('user_id')
          .where('user_id', '=', n.user_id)
          .where('category', '=', category)
          .where('in_app', '=', false),
      ),
    ),
  );
}

const COLUMNS = ['user_id', 'actor_id', 'kind', 'params', 'type', 'link', 'is_read'] as const;

/** The same notice to each of `userIds`, one statement (notices of no category: nothing mutes them). */
export const insertNotificationsFor = (
  db: Kdb,
  userIds: readonly number[],
  n: Omit<NewNotification, 'user_id'>,
) =>
  userIds.length === 0
    ? Promise.resolve([])
    : db
        .insertInto('notifications')
        .values(
          userIds.map((userId) => ({
            user_id: userId,
            actor_id: n.actor_id ?? null,
            kind: n.kind,
            params: jsonb(n.params),
            type: n.type,
            link: n.link ?? null,
            is_read: n.is_read ?? false,
          })),
        )
        .returningAll()
        .returning(recipientLanguage)
        .execute();

/** Writes the notification unless the member muted `category`; undefined when muted. */
export const insertNotification = (db: Kdb, n: NewNotification, category?: NotificationCategory) =>
  db
    .insertInto('notifications')
    .columns(COLUMNS)
    .expression(unlessMuted(db, n, category))
    .returningAll()
    .returning(recipientLanguage)
    .executeTakeFirst();

/**
 * One row per group (e.g. likes on one post): a repeat updates it and marks it unread again. With
 * `notBefore`, a group's row written at or after it is left as it is (undefined). Undefined too when
 * the member muted `category`.
 */
export const upsertGroupedNotification = (
  db: Kdb,
  n: NewNotification & { group_key: string },
  category?: NotificationCategory,
  notBefore?: Date,
) =>
  db
    .insertInto('notifications')
    .columns([...COLUMNS, 'group_key'])
    .expression(unlessMuted(db, n, category).select(sql<string>`${n.group_key}::text`.as('group_key')))
    .onConflict((oc) => {
      const update = oc
        .columns(['user_id', 'group_key'])
        .where('group_key', 'is not', null)
        .doUpdateSet({
          // A group's row written before 0040 loses its stored sentence: it renders from its kind now.
          message: null,
          kind: n.kind,
          params: jsonb(n.params),
          type: n.type,
          link: n.link ?? null,
          // The row now names the latest member (as its message does).
          actor_id: n.actor_id ?? null,
          is_read: false,
          created_at: new Date(),
        });
      return notBefore ? update.where('notifications.created_at', '<', notBefore) : update;
    })
    .returningAll()
    .returning(recipientLanguage)
    .executeTakeFirst();

export const listPreferences = (db: Kdb, userId: number) =>
  db
    .selectFrom('notification_preferences')
    .select(['category', 'in_app', 'push', 'email', 'sms'])
    .where('user_id', '=', userId)
    .execute();

export const savePreference = (
  db: Kdb,
  row: { user_id: number; category: NotificationCategory } & Record<NotificationChannel, boolean>,
) =>
  db
    .insertInto('notification_preferences')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'category']).doUpdateSet({
        in_app: row.in_app,
        push: row.push,
        email: row.email,
        sms: row.sms,
      }),
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
