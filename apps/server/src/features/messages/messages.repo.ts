import { sql } from 'kysely';
import type { Kdb } from '../../db/database';
import type { ConversationContextType, RiskLevel } from '../../db/schema';
import { keysetPage, type PageRequest } from '../../platform/pagination';

// SQL of the conversations feature only.

export interface ConversationContext {
  type: ConversationContextType;
  id: number;
}

/** The pair as stored: the smaller id first (the unique index conversations_pair). */
const orderedPair = (a: number, b: number) => (a < b ? [a, b] : [b, a]) as [number, number];

export const findMemberByUsername = (db: Kdb, username: string) =>
  db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'profile_pic'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();

/**
 * The pair's conversation, created once: a racing second insert waits for the first to commit and
 * then finds the row. Answers its id and whether this call created it.
 */
export async function openConversation(
  trx: Kdb,
  a: number,
  b: number,
  context: ConversationContext | null,
): Promise<{ id: number; created: boolean }> {
  const [userA, userB] = orderedPair(a, b);
  const inserted = await trx
    .insertInto('conversations')
    .values({
      user_a_id: userA,
      user_b_id: userB,
      context_type: context?.type ?? null,
      context_id: context?.id ?? null,
    })
    .onConflict((oc) => oc.columns(['user_a_id', 'user_b_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    await trx
      .insertInto('conversation_members')
      .values([
        { conversation_id: inserted.id, user_id: userA },
        { conversation_id: inserted.id, user_id: userB },
      ])
      .execute();
    return { id: inserted.id, created: true };
  }
  const existing = await trx
    .selectFrom('conversations')
    .select('id')
    .where('user_a_id', '=', userA)
    .where('user_b_id', '=', userB)
    .executeTakeFirstOrThrow();
  if (context) await setContext(trx, existing.id, context);
  return { id: existing.id, created: false };
}

export const setContext = (db: Kdb, id: number, context: ConversationContext) =>
  db
    .updateTable('conversations')
    .set({ context_type: context.type, context_id: context.id })
    .where('id', '=', id)
    .execute();

/** Messages a viewer sees: every visible one, and their own whatever moderators decided. */
const visibleTo = (viewerId: number, alias: 'm' | 'last') =>
  sql<boolean>`(${sql.ref(`${alias}.moderation`)} = 'visible' or ${sql.ref(`${alias}.sender_id`)} = ${viewerId})`;

/** A member's conversations with the other member, the last message they see and their unread count. */
function selectConversations(db: Kdb, viewerId: number) {
  return db
    .selectFrom('conversation_members as me')
    .innerJoin('conversations as c', 'c.id', 'me.conversation_id')
    .innerJoin('users as other', (join) =>
      join.on(
        sql<boolean>`other.id = case when c.user_a_id = ${viewerId} then c.user_b_id else c.user_a_id end`,
      ),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('messages as last')
          .select([
            'last.id',
            'last.sender_id',
            'last.body',
            'last.client_id',
            'last.risk_level',
            'last.risk_reasons',
            'last.created_at',
          ])
          .whereRef('last.conversation_id', '=', 'c.id')
          .where(visibleTo(viewerId, 'last'))
          .orderBy('last.created_at', 'desc')
          .orderBy('last.id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .where('me.user_id', '=', viewerId)
    .select([
      'c.id',
      'c.context_type',
      'c.context_id',
      'c.updated_at',
      'other.id as other_id',
      'other.username as other_username',
      'other.name as other_name',
      'other.profile_pic as other_profile_pic',
      'last.id as last_id',
      'last.sender_id as last_sender_id',
      'last.body as last_body',
      'last.client_id as last_client_id',
      'last.risk_level as last_risk_level',
      'last.risk_reasons as last_risk_reasons',
      'last.created_at as last_created_at',
    ])
    .select(
      sql<number>`(
        select count(*)::int from messages u
        where u.conversation_id = c.id and u.sender_id <> ${viewerId}
          and u.id > me.last_read_message_id and u.moderation = 'visible'
      )`.as('unread'),
    );
}

export type ConversationRow = Awaited<
  ReturnType<ReturnType<typeof selectConversations>['executeTakeFirstOrThrow']>
>;

/** Most recent first: ordered by the time of the last message. */
export const listConversations = (db: Kdb, viewerId: number, page: PageRequest) =>
  keysetPage(selectConversations(db, viewerId), { createdAt: 'c.updated_at', id: 'c.id' }, page).execute();

/** The conversation if the viewer takes part in it; undefined for anyone else. */
export const findConversation = (db: Kdb, viewerId: number, id: number) =>
  selectConversations(db, viewerId).where('c.id', '=', id).executeTakeFirst();

/** The participants of a conversation (both ids), or undefined when there is none. */
export const findParticipants = (db: Kdb, id: number) =>
  db
    .selectFrom('conversations')
    .select(['id', 'user_a_id', 'user_b_id'])
    .where('id', '=', id)
    .executeTakeFirst();

const messageColumns = [
  'id',
  'conversation_id',
  'sender_id',
  'body',
  'client_id',
  'risk_level',
  'risk_reasons',
  'created_at',
] as const;

export type MessageRow = NonNullable<Awaited<ReturnType<typeof findMessageByClientId>>>;

export function findMessageByClientId(db: Kdb, senderId: number, clientId: string) {
  return db
    .selectFrom('messages')
    .select(messageColumns)
    .where('sender_id', '=', senderId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/** Answers undefined when the sender's client_id is taken already (a retried send). */
export const insertMessage = (
  trx: Kdb,
  message: {
    conversation_id: number;
    sender_id: number;
    body: string;
    client_id: string | null;
    risk_level: RiskLevel;
    risk_reasons: string[];
  },
) =>
  trx
    .insertInto('messages')
    .values(message)
    .onConflict((oc) => oc.columns(['sender_id', 'client_id']).where('client_id', 'is not', null).doNothing())
    .returning(messageColumns)
    .executeTakeFirst();

/** The list moves the conversation to the top; the sender has read everything they answer. */
export async function recordSent(
  trx: Kdb,
  message: { id: number; conversation_id: number; sender_id: number; created_at: Date },
) {
  await trx
    .updateTable('conversations')
    .set({ updated_at: message.created_at })
    .where('id', '=', message.conversation_id)
    .execute();
  await trx
    .updateTable('conversation_members')
    .set({ last_read_message_id: message.id })
    .where('conversation_id', '=', message.conversation_id)
    .where('user_id', '=', message.sender_id)
    .where('last_read_message_id', '<', message.id)
    .execute();
}

/** Newest first, in keyset pages. */
export function listMessages(db: Kdb, conversationId: number, viewerId: number, page: PageRequest) {
  const query = db
    .selectFrom('messages as m')
    .select([
      'm.id',
      'm.conversation_id',
      'm.sender_id',
      'm.body',
      'm.client_id',
      'm.risk_level',
      'm.risk_reasons',
      'm.created_at',
    ])
    .where('m.conversation_id', '=', conversationId)
    .where(visibleTo(viewerId, 'm'));
  return keysetPage(query, { createdAt: 'm.created_at', id: 'm.id' }, page).execute();
}

/** Everything in the conversation so far counts as read by this member. */
export const markRead = (db: Kdb, conversationId: number, userId: number) =>
  db
    .updateTable('conversation_members')
    .set({
      last_read_message_id: sql<number>`greatest(last_read_message_id, coalesce(
        (select max(id) from messages where conversation_id = ${conversationId}), 0))`,
    })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .execute();

/** The other members' messages I have not read, over all my conversations. */
export async function countUnread(db: Kdb, userId: number) {
  const row = await db
    .selectFrom('conversation_members as me')
    .innerJoin('messages as u', 'u.conversation_id', 'me.conversation_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('me.user_id', '=', userId)
    .where('u.sender_id', '<>', userId)
    .whereRef('u.id', '>', 'me.last_read_message_id')
    .where('u.moderation', '=', 'visible')
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Whether the member takes part in the conversation of this message (who may see and report it). */
export async function isMessageParticipant(db: Kdb, messageId: number, userId: number) {
  const row = await db
    .selectFrom('messages as m')
    .innerJoin('conversation_members as cm', 'cm.conversation_id', 'm.conversation_id')
    .select('m.id')
    .where('m.id', '=', messageId)
    .where('cm.user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export const deleteMessage = (db: Kdb, id: number) =>
  db.deleteFrom('messages').where('id', '=', id).executeTakeFirst();
/**
 * Whether the recipient has dealt with the sender before: written in this conversation, or follows
 * them. A stranger's message is read by the whole shield (rules and model); a known contact's by
 * the rules alone, since people who work together talk about money innocently.
 */
export async function hasDealtWith(db: Kdb, conversationId: number, recipientId: number, senderId: number) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('messages')
              .select('messages.id')
              .where('messages.conversation_id', '=', conversationId)
              .where('messages.sender_id', '=', recipientId),
          ),
          eb.exists(
            eb
              .selectFrom('follows')
              .select('follows.follower_id')
              .where('follows.follower_id', '=', recipientId)
              .where('follows.followee_id', '=', senderId),
          ),
        ])
        .as('known'),
    ])
    .executeTakeFirst();
  return Boolean(row?.known);
}
