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
import { AppError } from '../../platform/errors';
import { PageQuery, sendPage, toPageRequest } from '../../platform/pagination';
import { IdParam } from '../../platform/params';
import { registerReportTarget } from '../moderation/moderation.targets';
import { canSeeMessage, createConversationsService } from './conversations.service';

/** Per account: a person types far slower; a script flooding a member's inbox does not. */
export const MESSAGE_LIMITS = {
  send: { max: 60, timeWindow: '1 minute' },
  open: { max: 60, timeWindow: '1 hour' },
} as const;

export const conversationsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const conversations = createConversationsService(p, app.log);
  // Reports on messages (DESIGN §8.6): by the conversation's two members only; hide keeps it from the recipient.
  registerReportTarget('message', {
    table: 'messages',
    authorColumn: 'sender_id',
    previewColumn: 'body',
    moderated: true,
    canSee: canSeeMessage,
  });
  const { requireUser } = p.guards;
  const tags = ['conversations'];

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

  app.post(
    '/api/conversations',
    {
      schema: {
        tags,
        summary: 'Open the conversation with a member (201 when created, 200 when it existed)',
        body: OpenConversationInput,
        response: { 200: ConversationSchema, 201: ConversationSchema },
      },
      preHandler: [requireUser, ...openLimit],
      config: { policy: 'member' },
    },
    async (req, reply) => {
      const { created, conversation } = await conversations.open(req.user, req.body);
      return reply.code(created ? 201 : 200).send(conversation);
    },
  );

  app.get(
    '/api/conversations',
    {
      schema: {
        tags,
        summary: 'My conversations, most recent first (keyset pages)',
        querystring: PageQuery,
        response: { 200: z.array(ConversationSchema) },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req, reply) => sendPage(reply, await conversations.list(req.user, toPageRequest(req.query))),
  );

  app.get(
    '/api/conversations/unread-count',
    {
      schema: {
        tags,
        summary: 'How many messages from others I have not read, over all my conversations',
        response: { 200: ConversationUnreadCountSchema },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req) => conversations.unreadCount(req.user),
  );

  app.get(
    '/api/conversations/:id',
    {
      schema: {
        tags,
        summary: 'One of my conversations (404 for anyone else)',
        params: IdParam,
        response: { 200: ConversationSchema },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req) => conversations.get(req.user, req.params.id),
  );

  app.get(
    '/api/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: 'The messages of one of my conversations, newest first (keyset pages)',
        params: IdParam,
        querystring: PageQuery,
        response: { 200: z.array(MessageSchema) },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req, reply) =>
      sendPage(reply, await conversations.messages(req.user, req.params.id, toPageRequest(req.query))),
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: 'Send a message (201); repeating a client_id answers the first message (200)',
        params: IdParam,
        body: SendMessageInput,
        response: { 200: MessageSchema, 201: MessageSchema },
      },
      preHandler: [requireUser, ...sendLimit],
      config: { policy: 'owner' },
    },
    async (req, reply) => {
      const { created, message } = await conversations.send(req.user, req.params.id, req.body);
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  app.post(
    '/api/conversations/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark everything in one of my conversations read; answers the conversation',
        params: IdParam,
        response: { 200: ConversationSchema },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req) => conversations.read(req.user, req.params.id),
  );
};
