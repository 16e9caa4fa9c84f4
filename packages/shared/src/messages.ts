import { z } from 'zod';
import { Id, requiredText } from './input';

// Messages between members (docs/design.md#messages): one conversation per pair of members.

export const MESSAGE_LIMITS = { body: 2000, clientId: 100 } as const;

/** What a conversation was opened about; a Message button on that item sends it. */
export const CONVERSATION_CONTEXT_TYPES = ['job', 'bid', 'offer', 'service'] as const;
export type ConversationContextType = (typeof CONVERSATION_CONTEXT_TYPES)[number];

/** POST /api/conversations: the other member by username (with or without its @). */
export const OpenConversationInput = z
  .object({
    username: z
      .string({ error: 'Username is required' })
      .trim()
      .min(1, 'Username is required')
      .max(40, 'Username is too long'),
    context_type: z.enum(CONVERSATION_CONTEXT_TYPES, { error: 'Unknown context' }).optional(),
    context_id: Id.optional(),
  })
  .refine((v) => (v.context_type === undefined) === (v.context_id === undefined), {
    message: 'A context needs both its type and its id',
    path: ['context_id'],
  });
export type OpenConversationInputValues = z.infer<typeof OpenConversationInput>;

/** The message body as the composer and the server check it: 1–2000 characters after trimming. */
export const MessageBody = requiredText('Message', MESSAGE_LIMITS.body);

/** POST /api/conversations/{id}/messages; repeating a `client_id` answers the first message. */
export const SendMessageInput = z.object({
  body: MessageBody,
  client_id: z
    .string()
    .trim()
    .min(1, 'client_id must not be empty')
    .max(MESSAGE_LIMITS.clientId, `client_id can be at most ${MESSAGE_LIMITS.clientId} characters`)
    .optional(),
});
export type SendMessageInputValues = z.infer<typeof SendMessageInput>;

/** The scam shield's verdict on a message (docs/design.md#trust-and-safety); `caution` and `high` warn the recipient. */
export const MessageRiskSchema = z.object({
  level: z.enum(['none', 'caution', 'high']),
  reasons: z.array(z.string()),
});
export type MessageRisk = z.infer<typeof MessageRiskSchema>;

export const MessageSchema = z.object({
  id: z.number(),
  conversation_id: z.number(),
  sender_id: z.number(),
  body: z.string(),
  created_at: z.string(),
  risk: MessageRiskSchema,
  /** The sender's idempotency key (null when none was sent): the sender's tab matches its optimistic copy. */
  client_id: z.string().nullable(),
});
export type MessageDto = z.infer<typeof MessageSchema>;

export const ConversationMemberSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  profile_pic: z.string().nullable(),
});
export type ConversationMemberDto = z.infer<typeof ConversationMemberSchema>;

export const ConversationSchema = z.object({
  id: z.number(),
  other: ConversationMemberSchema,
  last_message: MessageSchema.nullable(),
  /** How many of the other member's messages I have not read. */
  unread: z.number(),
  updated_at: z.string(),
  /** What the conversation was last opened about, if anything. */
  context: z.object({ type: z.enum(CONVERSATION_CONTEXT_TYPES), id: z.number() }).nullable(),
});
export type ConversationDto = z.infer<typeof ConversationSchema>;

/** GET /api/conversations/unread-count: how many conversations hold messages I have not read. */
export const ConversationUnreadCountSchema = z.object({ count: z.number() });

/** POST /api/conversations/{id}/read. */
export const ConversationReadSchema = z.object({ unread: z.number() });

/** The `message` live event, sent to the recipient's room (and the sender's other tabs). */
export interface MessageEvent {
  conversation_id: number;
  message: MessageDto;
}
