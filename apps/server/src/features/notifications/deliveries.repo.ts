import type { NotificationCategory } from '@jamii/shared';
import { sql } from 'kysely';
import type { Kdb } from '../../db/database';
import type { DeliveryChannel, DeliveryState } from '../../db/schema';

/** The member's saved channels for a category; undefined: the defaults. */
export const findChannels = (db: Kdb, userId: number, category: NotificationCategory) =>
  db
    .selectFrom('notification_preferences')
    .select(['in_app', 'push', 'email', 'sms'])
    .where('user_id', '=', userId)
    .where('category', '=', category)
    .executeTakeFirst();

/**
 * Records that a notice goes to a channel and target, once: the id of the new row, or undefined
 * when it was recorded before (a job run twice, a notice delivered already).
 */
export const claimDelivery = async (
  db: Kdb,
  row: {
    user_id: number;
    delivery_key: string;
    channel: DeliveryChannel;
    target?: string;
    conversation_id?: number | null;
  },
) =>
  (
    await db
      .insertInto('notification_deliveries')
      .values({ ...row, target: row.target ?? '' })
      .onConflict((oc) => oc.columns(['delivery_key', 'channel', 'target']).doNothing())
      .returning('id')
      .executeTakeFirst()
  )?.id;

export const findDelivery = (db: Kdb, id: number) =>
  db
    .selectFrom('notification_deliveries')
    .select(['id', 'state', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst();

export const markDelivery = (
  db: Kdb,
  id: number,
  change: { state: DeliveryState; provider_id?: string | null; error?: string | null; at?: Date },
) =>
  db
    .updateTable('notification_deliveries')
    .set({
      state: change.state,
      provider_id: change.provider_id ?? null,
      error: change.error?.slice(0, 500) ?? null,
      // The app's clock where a rule counts by it (the SMS cap's day), else the database's.
      updated_at: change.at ?? sql`now()`,
    })
    .where('id', '=', id)
    .execute();

/** Who an email goes to: a verified address of a member who is not suspended. */
/** A member who joined by phone has no email: nothing is sent by email to them. */
export async function findEmailRecipient(db: Kdb, userId: number) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'language'])
    .where('id', '=', userId)
    .where('email_verified', '=', true)
    .where('suspended_at', 'is', null)
    .where('email', 'is not', null)
    .executeTakeFirst();
  return row?.email ? { ...row, email: row.email } : undefined;
}

/** Whether the member has not read this message of their conversation yet. */
export async function isMessageUnread(db: Kdb, messageId: number, userId: number) {
  const row = await db
    .selectFrom('messages')
    .innerJoin('conversation_members', 'conversation_members.conversation_id', 'messages.conversation_id')
    .select('messages.id')
    .where('messages.id', '=', messageId)
    .where('conversation_members.user_id', '=', userId)
    .whereRef('conversation_members.last_read_message_id', '<', 'messages.id')
    .executeTakeFirst();
  return Boolean(row);
}

// Sent as text and cast, so PGlite and node-postgres store the same JSON object.
const jsonb = (value: object) => sql<Record<string, unknown>>`cast(${JSON.stringify(value)} as text)::jsonb`;

/** Keeps a notice for the member's next daily digest email, once. */
export const addDigestItem = (
  db: Kdb,
  item: {
    user_id: number;
    delivery_key: string;
    category: NotificationCategory;
    kind: string;
    params: object;
    link: string | null;
  },
) =>
  db
    .insertInto('email_digest_items')
    .values({ ...item, params: jsonb(item.params) })
    .onConflict((oc) => oc.column('delivery_key').doNothing())
    .execute();

/** Members with notices waiting for the digest, a batch at a time (keyset on user_id). */
export const listDigestMembers = (db: Kdb, afterUserId: number, limit: number) =>
  db
    .selectFrom('email_digest_items')
    .select('user_id')
    .distinct()
    .where('user_id', '>', afterUserId)
    .orderBy('user_id')
    .limit(limit)
    .execute();

/** A member's waiting notices, oldest first (at most `limit`; the rest wait for the next digest). */
export const listDigestItems = (db: Kdb, userId: number, limit: number) =>
  db
    .selectFrom('email_digest_items')
    .select(['id', 'category', 'kind', 'params', 'link', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();

export const deleteDigestItems = (db: Kdb, ids: number[]) =>
  ids.length === 0 ? Promise.resolve() : db.deleteFrom('email_digest_items').where('id', 'in', ids).execute();

/** Where a member's SMS go: a verified number, SMS not stopped (STOP), the account not suspended. */
export const findSmsRecipient = (db: Kdb, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'phone', 'language'])
    .where('id', '=', userId)
    .where('phone_verified', '=', true)
    .where('phone', 'is not', null)
    .where('sms_stopped', '=', false)
    .where('suspended_at', 'is', null)
    .executeTakeFirst();

/** Serializes one member's SMS sends for the rest of the transaction (the daily cap). */
export const lockMemberSms = (db: Kdb, userId: number) =>
  sql`SELECT pg_advisory_xact_lock(hashtext(${`notification-sms:${userId}`}))`.execute(db);

/** The member's notification SMS sent (or being sent) in [from, to): the daily cap's count. */
export const countSmsSent = async (db: Kdb, userId: number, from: Date, to: Date) =>
  Number(
    (
      await db
        .selectFrom('notification_deliveries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('channel', '=', 'sms')
        .where('state', '=', 'sent')
        .where('updated_at', '>=', from)
        .where('updated_at', '<', to)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The conversation of the newest message SMS sent to the member since `since`: where a reply goes. */
export const findSmsReplyConversation = async (db: Kdb, userId: number, since: Date) =>
  (
    await db
      .selectFrom('notification_deliveries')
      .select('conversation_id')
      .where('user_id', '=', userId)
      .where('channel', '=', 'sms')
      .where('state', '=', 'sent')
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
  )?.conversation_id ?? null;
