import {
  NotificationInput,
  NotificationPreferencesInput,
  NotificationPreferencesSchema,
  NotificationSchema,
  ReadAllAnswerSchema,
  UnreadCountSchema,
} from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { PageQuery, sendPage, toPageRequest } from '../../platform/pagination';
import { NoContent } from '../../platform/responses';
import { createNotificationsService, createNotifier } from './notifications.service';
import { IdParam, RowId } from '../../platform/params';

const UserIdParam = z.object({ userId: RowId });

export const notificationsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const notifications = createNotificationsService(p.db, createNotifier(p.db, p.events));
  const { requireUser } = p.guards;
  const tags = ['notifications'];

  app.get(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'What I want to be told: each category with its channels (in-app, email)',
        response: { 200: NotificationPreferencesSchema },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req) => notifications.preferences(req.user),
  );

  app.put(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Change some categories’ channels; answers all of them',
        body: NotificationPreferencesInput,
        response: { 200: NotificationPreferencesSchema },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req) => notifications.savePreferences(req.user, req.body),
  );

  app.get(
    '/api/notifications/:userId',
    {
      schema: {
        tags,
        summary: 'My notifications, newest first (keyset pages)',
        params: UserIdParam,
        querystring: PageQuery,
        response: { 200: z.array(NotificationSchema) },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req, reply) =>
      sendPage(reply, await notifications.list(req.user, req.params.userId, toPageRequest(req.query))),
  );

  app.get(
    '/api/notifications/:userId/unread-count',
    {
      schema: {
        tags,
        summary: 'How many of my notifications are unread',
        params: UserIdParam,
        response: { 200: UnreadCountSchema },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req) => notifications.unreadCount(req.user, req.params.userId),
  );

  app.put(
    '/api/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Mark all my notifications read; answers how many were unread',
        response: { 200: ReadAllAnswerSchema },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req) => notifications.markAllRead(req.user),
  );

  app.put(
    '/api/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one of my notifications read',
        params: IdParam,
        response: { 200: NotificationSchema },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req) => notifications.markRead(req.user, req.params.id),
  );

  app.delete(
    '/api/notifications/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of my notifications',
        params: IdParam,
        response: { 204: NoContent },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req, reply) => {
      await notifications.remove(req.user, req.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: 'Write a notification to myself',
        body: NotificationInput,
        response: { 201: NotificationSchema },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req, reply) => reply.code(201).send(await notifications.create(req.user, req.body)),
  );
};
