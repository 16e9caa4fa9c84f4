import type { Kdb } from '../../db/database';

const VAPID_KEY_NAME = 'vapid';

export const findServerKey = (db: Kdb, name = VAPID_KEY_NAME) =>
  db.selectFrom('server_keys').select('value').where('name', '=', name).executeTakeFirst();

/** Keeps the first key written: two processes starting at once end up signing with the same one. */
export const insertServerKeyOnce = (db: Kdb, value: string, name = VAPID_KEY_NAME) =>
  db
    .insertInto('server_keys')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();

/** One row per endpoint: a browser that subscribes again (new keys, or another member) takes it over. */
export const saveSubscription = (
  db: Kdb,
  row: { user_id: number; endpoint: string; p256dh: string; auth: string },
) =>
  db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({ user_id: row.user_id, p256dh: row.p256dh, auth: row.auth }),
    )
    .returning(['id'])
    .executeTakeFirstOrThrow();

export const deleteOwnSubscription = (db: Kdb, userId: number, endpoint: string) =>
  db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();

export const deleteSubscription = (db: Kdb, id: number) =>
  db.deleteFrom('push_subscriptions').where('id', '=', id).execute();

export const listSubscriptionIds = (db: Kdb, userId: number) =>
  db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).orderBy('id').execute();

/** The subscription with its member's language (the text is rendered when it is sent). */
export const findSubscription = (db: Kdb, id: number) =>
  db
    .selectFrom('push_subscriptions')
    .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
    .select([
      'push_subscriptions.id',
      'push_subscriptions.user_id',
      'push_subscriptions.endpoint',
      'push_subscriptions.p256dh',
      'push_subscriptions.auth',
      'users.language',
    ])
    .where('push_subscriptions.id', '=', id)
    .executeTakeFirst();
