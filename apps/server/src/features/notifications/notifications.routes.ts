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
import { routeKit } from '../../platform/routes';
import { toPageRequest } from '../../platform/pagination';
import { createNotificationsService, createNotifier } from './notifications.service';
import { IdParam, RowId } from '../../platform/params';

const UserIdParam = z.object({ userId: RowId });

export const notificationsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const notifications = createNotificationsService(p.db, createNotifier(p.db, p.events));
  const route = routeKit(app, p.guards, 'notifications');

  route.get(
    '/api/notifications/preferences',
    {
      policy: 'member',
      summary: 'What I want to be told: each category with its channels (in-app, email)',
      response: { 200: NotificationPreferencesSchema },
    },
    async (req) => notifications.preferences(req.user),
  );

  route.put(
    '/api/notifications/preferences',
    {
      policy: 'member',
      summary: 'Change some categories’ channels; answers all of them',
      body: NotificationPreferencesInput,
      response: { 200: NotificationPreferencesSchema },
    },
    async (req) => notifications.savePreferences(req.user, req.body),
  );

  route.page(
    '/api/notifications/:userId',
    {
      policy: 'owner',
      summary: 'My notifications, newest first (keyset pages)',
      params: UserIdParam,
      response: { 200: z.array(NotificationSchema) },
    },
    async (req) => notifications.list(req.user, req.params.userId, toPageRequest(req.query)),
  );

  route.get(
    '/api/notifications/:userId/unread-count',
    {
      policy: 'owner',
      summary: 'How many of my notifications are unread',
      params: UserIdParam,
      response: { 200: UnreadCountSchema },
    },
    async (req) => notifications.unreadCount(req.user, req.params.userId),
  );

  route.put(
    '/api/notifications/read-all',
    {
      policy: 'member',
      summary: 'Mark all my notifications read; answers how many were unread',
      response: { 200: ReadAllAnswerSchema },
    },
    async (req) => notifications.markAllRead(req.user),
  );

  route.put(
    '/api/notifications/:id/read',
    {
      policy: 'owner',
      summary: 'Mark one of my notifications read',
      params: IdParam,
      response: { 200: NotificationSchema },
    },
    async (req) => notifications.markRead(req.user, req.params.id),
  );

  route.removed(
    '/api/notifications/:id',
    { policy: 'owner', summary: 'Delete one of my notifications', params: IdParam },
    async (req) => notifications.remove(req.user, req.params.id),
  );

  route.created(
    '/api/notifications',
    {
      policy: 'member',
      summary: 'Write a notification to myself',
      body: NotificationInput,
      response: { 201: NotificationSchema },
    },
    async (req) => notifications.create(req.user, req.body),
  );
};
