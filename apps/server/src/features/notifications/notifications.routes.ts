import {
  DeliveryCountsSchema,
  NotificationInput,
  NotificationPreferencesInput,
  NotificationPreferencesSchema,
  NotificationSchema,
  ReadAllAnswerSchema,
  UnsubscribeAnswerSchema,
  UnsubscribePageSchema,
  UnsubscribeQuery,
  UnreadCountSchema,
} from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';
import { toPageRequest } from '../../platform/pagination';
import { createNotificationsService, createNotifier } from './notifications.service';
import { IdParam, RowId } from '../../platform/params';
import { scheduleOnReady } from '../../platform/start-schedules';
import { createDeliveries, DIGEST_JOB } from './deliveries';
import { deliveryCounts } from './delivery-counts';
import { acceptOneClickForm, unsubscribePage } from './unsubscribe-page';

const UserIdParam = z.object({ userId: RowId });

export const notificationsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const notifications = createNotificationsService(p.db, createNotifier(p.db, p.events));
  const route = routeKit(app, p.guards, 'notifications');
  const deliveries = createDeliveries(p);
  // The first daily digest is queued once jobs run here; each digest queues the next.
  if (p.config.role !== 'web') scheduleOnReady(app, DIGEST_JOB, () => deliveries.scheduleDigest());

  acceptOneClickForm(app);

  route.post(
    '/api/unsubscribe',
    {
      policy: 'public',
      summary: 'One-click unsubscribe from a notification email (RFC 8058): that category’s email off',
      querystring: UnsubscribeQuery,
      response: { 200: UnsubscribeAnswerSchema },
    },
    async (req) => notifications.unsubscribe(req.query.token, p.jwtSecret),
  );

  route.get(
    '/api/unsubscribe',
    {
      policy: 'public',
      summary: 'The page an unsubscribe link opens in a browser: one button that sends the POST',
      querystring: UnsubscribeQuery,
      response: {
        200: { description: 'The page', content: { 'text/html': { schema: UnsubscribePageSchema } } },
      },
    },
    async (req, reply) => reply.type('text/html; charset=utf-8').send(unsubscribePage(req.query.token)),
  );

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

  // `id` names the member here and a notification in DELETE: one path, whose parameter each
  // operation describes (two names for one place would be two clashing paths in the API document).
  route.page(
    '/api/notifications/:id',
    {
      policy: 'owner',
      summary: 'My notifications, newest first (keyset pages)',
      params: z.object({ id: RowId.describe('My member id') }),
      response: { 200: z.array(NotificationSchema) },
    },
    async (req) => notifications.list(req.user, req.params.id, toPageRequest(req.query)),
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
    {
      policy: 'owner',
      summary: 'Delete one of my notifications',
      params: z.object({ id: RowId.describe('The notification’s id') }),
    },
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

  route.get(
    '/api/admin/notification-deliveries',
    {
      policy: 'admin',
      summary:
        'The delivery log as counts (admins): per channel, queued, sent and failed in the last 24 hours and 7 days, and the newest failure',
      response: { 200: DeliveryCountsSchema },
    },
    async () => deliveryCounts(p.db),
  );
};
