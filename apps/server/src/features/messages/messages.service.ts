import {
  assessRisk,
  normalizeUsername,
  type OpenConversationInputValues,
  type SendMessageInputValues,
  webPaths,
} from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kdb } from '../../db/database';
import type { CurrentUser } from '../../platform/auth';
import type { Platform } from '../../platform/context';
import { AppError, forbidden, notFound, validationError } from '../../platform/errors';
import { toPage, type PageRequest } from '../../platform/pagination';
import { toConversationDto, toMessageDto } from './messages.mapper';
import { isParticipant, otherParticipant } from './messages.policy';
import { assertListingOpen, assertMayReach } from '../../platform/interactions';
import * as repo from './messages.repo';
import { writeTransaction } from '../../platform/write-transaction';
import { queueDeliveries } from '../notifications/deliveries';

export type { ConversationContext } from './messages.repo';

const conversationNotFound = () => notFound('Conversation');

/** The listing each kind of context names. */
const CONTEXT_LISTINGS = { job: 'jobs', bid: 'bids', offer: 'offers', service: 'services' } as const;

/**
 * Opens (or finds) the conversation of two members, for other features: the bids feature calls
 * it when an offer is accepted, with the bid as its context. It takes a transaction, so the
 * conversation exists exactly when the caller's change commits. No block check: the caller's rule
 * already allowed the two to deal with each other.
 */
export function openConversation(
  db: Kdb,
  aId: number,
  bId: number,
  context: repo.ConversationContext | null = null,
): Promise<{ id: number; created: boolean }> {
  if (aId === bId) throw new AppError('BAD_REQUEST', 400, 'You cannot message yourself');
  return repo.openConversation(db, aId, bId, context);
}

/** Only the two members of its conversation may see (and so report) a message. */
export const canSeeMessage = (db: Kdb, messageId: number, viewer: CurrentUser) =>
  repo.isMessageParticipant(db, messageId, viewer.id);

export function createMessagesService(p: Pick<Platform, 'db' | 'events'>, log: FastifyBaseLogger) {
  const { db } = p;

  async function load(user: CurrentUser, id: number) {
    const row = await repo.findConversation(db, user.id, id);
    if (!row) throw conversationNotFound();
    return toConversationDto(row);
  }

  /** The conversation's pair, if the member takes part in it; 404 for anyone else. */
  async function participants(user: CurrentUser, id: number) {
    const pair = await repo.findParticipants(db, id);
    if (!pair || !isParticipant(user, pair)) throw conversationNotFound();
    return pair;
  }

  return {
    /** Answers the conversation and whether this call created it (201) or found it (200). */
    async open(user: CurrentUser, input: OpenConversationInputValues) {
      const other = await repo.findMemberByUsername(db, normalizeUsername(input.username));
      if (!other) throw notFound('Member');
      if (other.id === user.id) {
        throw new AppError('BAD_REQUEST', 400, 'You cannot message yourself', {
          username: 'You cannot message yourself',
        });
      }
      // Blocked either way: 403; a suspended member: 404, as if there were none.
      await assertMayReach(db, user.id, other.id, 'Member');
      const context =
        input.context_type && input.context_id ? { type: input.context_type, id: input.context_id } : null;
      // A context hidden, held or by a suspended member answers exactly as a missing one (404).
      if (context)
        await assertListingOpen(
          db,
          CONTEXT_LISTINGS[context.type],
          context.id,
          user.id,
          `The ${context.type}`,
        );
      const { id, created } = await writeTransaction(db, (trx) =>
        repo.openConversation(trx, user.id, other.id, context),
      );
      if (created) log.info({ conversationId: id, userId: user.id }, 'conversation opened');
      return { created, conversation: await load(user, id) };
    },

    async list(user: CurrentUser, page: PageRequest) {
      const result = toPage(await repo.listConversations(db, user.id, page), page);
      return { ...result, items: result.items.map(toConversationDto) };
    },

    get: load,

    async messages(user: CurrentUser, id: number, page: PageRequest) {
      await participants(user, id);
      const result = toPage(await repo.listMessages(db, id, user.id, page), page);
      return { ...result, items: result.items.map(toMessageDto) };
    },

    /**
     * Sends a message; a `client_id` the sender used before answers that first message (and
     * `created: false`) instead of a second one, however the retries race.
     */
    async send(user: CurrentUser, id: number, input: SendMessageInputValues) {
      const pair = await participants(user, id);
      const recipientId = otherParticipant(user, pair);
      const clientId = input.client_id ?? null;
      const sameMessage = (row: repo.MessageRow | undefined) => {
        if (!row) return undefined;
        if (row.conversation_id !== id) {
          throw validationError({ client_id: 'This client_id was already used in another conversation' });
        }
        return { created: false, message: toMessageDto(row) };
      };
      if (clientId) {
        const earlier = sameMessage(await repo.findMessageByClientId(db, user.id, clientId));
        if (earlier) return earlier;
      }
      // Blocked either way: 403; a recipient suspended meanwhile: 404 until they are restored.
      await assertMayReach(db, user.id, recipientId, 'Member');
      // The scam shield; a message is never held, its recipient is warned instead. A stranger's
      // message is read by the learned model too.
      const known = await repo.hasDealtWith(db, id, recipientId, user.id);
      const risk = assessRisk({ kind: 'message', text: input.body, useModel: !known });
      const inserted = await writeTransaction(db, async (trx) => {
        const row = await repo.insertMessage(trx, {
          conversation_id: id,
          sender_id: user.id,
          body: input.body,
          client_id: clientId,
          risk_level: risk.level,
          risk_reasons: risk.reasons,
        });
        if (row) {
          await repo.recordSent(trx, row);
          // Push now, email after ten minutes if still unread (the member's channels decide).
          await queueDeliveries(trx, {
            key: `m:${row.id}`,
            user_id: recipientId,
            category: 'messages',
            kind: 'message_received',
            params: { name: user.name },
            link: webPaths.conversation(id),
            message_id: row.id,
            conversation_id: id,
          });
        }
        return row;
      });
      if (!inserted) {
        // A racing retry with the same client_id committed first.
        return sameMessage(await repo.findMessageByClientId(db, user.id, clientId!))!;
      }
      const message = toMessageDto(inserted);
      // After the commit (STYLE rule 11): the recipient, and the sender's other tabs.
      p.events.emitToUser(recipientId, 'message', { conversation_id: id, message });
      p.events.emitToUser(user.id, 'message', { conversation_id: id, message });
      log.info({ conversationId: id, messageId: message.id, userId: user.id }, 'message sent');
      return { created: true, message };
    },

    async read(user: CurrentUser, id: number) {
      await participants(user, id);
      await writeTransaction(db, (trx) => repo.markRead(trx, id, user.id));
      return load(user, id);
    },

    async unreadCount(user: CurrentUser) {
      return { count: await repo.countUnread(db, user.id) };
    },

    /** An admin's removal of a reported message; members cannot delete what they sent. */
    async removeMessage(admin: CurrentUser, messageId: number) {
      if (admin.role !== 'admin') throw forbidden();
      const { numDeletedRows } = await repo.deleteMessage(db, messageId);
      if (numDeletedRows === 0n) throw notFound('Message');
      log.info({ messageId, by: admin.id }, 'message removed');
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
