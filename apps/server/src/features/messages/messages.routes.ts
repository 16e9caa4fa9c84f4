import {
  ConversationSchema,
  ConversationUnreadCountSchema,
  MessageSchema,
  OpenConversationInput,
  SendMessageInput,
} from '@jamii/shared';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';
import { AppError } from '../../platform/errors';
import { toPageRequest } from '../../platform/pagination';
import { IdParam } from '../../platform/params';
import { canSeeMessage, createMessagesService } from './messages.service';

/** Per account: a person types far slower; a script flooding a member's inbox does not. */
export const MESSAGE_LIMITS = {
  send: { max: 60, timeWindow: '1 minute' },
  open: { max: 60, timeWindow: '1 hour' },
} as const;

export const messagesRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const conversations = createMessagesService(p, app.log);
  // Reports on messages (docs/design.md#trust-and-safety): by the conversation's two members only; hide keeps it from the recipient.
  p.reportables.register('message', {
    table: 'messages',
    authorColumn: 'sender_id',
    previewColumn: 'body',
    moderated: true,
    canSee: canSeeMessage,
    remove: (admin, id) => conversations.removeMessage(admin, id),
  });
  const route = routeKit(app, p.guards, 'conversations');

  const limit = (name: keyof typeof MESSAGE_LIMITS, message: string): preHandlerHookHandler[] => {
    if (!p.config.rateLimits) return [];
    const check = app.createRateLimit({
      ...MESSAGE_LIMITS[name],
      keyGenerator: (req) => `messages-${name}:${req.tokenUserId}`,
    });
    return [
      async (request: FastifyRequest, reply: FastifyReply) => {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', result.ttlInSeconds);
          throw new AppError('RATE_LIMITED', 429, message);
        }
      },
    ];
  };
  const sendLimit = limit('send', 'You are sending messages too fast. Please wait a moment.');
  const openLimit = limit('open', 'You have started too many conversations. Please try again later.');

  route.post(
    '/api/conversations',
    {
      policy: 'member',
      summary: 'Open the conversation with a member (201 when created, 200 when it existed)',
      body: OpenConversationInput,
      response: { 200: ConversationSchema, 201: ConversationSchema },
      limits: openLimit,
    },
    async (req, reply) => {
      const { created, conversation } = await conversations.open(req.user, req.body);
      return reply.code(created ? 201 : 200).send(conversation);
    },
  );

  route.page(
    '/api/conversations',
    {
      policy: 'member',
      summary: 'My conversations, most recent first (keyset pages)',
      response: { 200: z.array(ConversationSchema) },
    },
    async (req) => conversations.list(req.user, toPageRequest(req.query)),
  );

  route.get(
    '/api/conversations/unread-count',
    {
      policy: 'member',
      summary: 'How many messages from others I have not read, over all my conversations',
      response: { 200: ConversationUnreadCountSchema },
    },
    async (req) => conversations.unreadCount(req.user),
  );

  route.get(
    '/api/conversations/:id',
    {
      policy: 'owner',
      summary: 'One of my conversations (404 for anyone else)',
      params: IdParam,
      response: { 200: ConversationSchema },
    },
    async (req) => conversations.get(req.user, req.params.id),
  );

  route.page(
    '/api/conversations/:id/messages',
    {
      policy: 'owner',
      summary: 'The messages of one of my conversations, newest first (keyset pages)',
      params: IdParam,
      response: { 200: z.array(MessageSchema) },
    },
    async (req) => conversations.messages(req.user, req.params.id, toPageRequest(req.query)),
  );

  route.post(
    '/api/conversations/:id/messages',
    {
      policy: 'owner',
      summary: 'Send a message (201); repeating a client_id answers the first message (200)',
      params: IdParam,
      body: SendMessageInput,
      response: { 200: MessageSchema, 201: MessageSchema },
      limits: sendLimit,
    },
    async (req, reply) => {
      const { created, message } = await conversations.send(req.user, req.params.id, req.body);
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  route.post(
    '/api/conversations/:id/read',
    {
      policy: 'owner',
      summary: 'Mark everything in one of my conversations read; answers the conversation',
      params: IdParam,
      response: { 200: ConversationSchema },
    },
    async (req) => conversations.read(req.user, req.params.id),
  );
};
