import {
  PushKeySchema,
  PushSubscriptionInput,
  PushSubscriptionSchema,
  PushUnsubscribeInput,
} from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';

export const pushRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const route = routeKit(app, p.guards, 'push');

  route.get(
    '/api/push/key',
    {
      policy: 'public',
      summary: 'The server’s VAPID public key, for subscribing a browser to Web Push',
      response: { 200: PushKeySchema },
    },
    async () => p.push.publicKey(),
  );

  route.created(
    '/api/push/subscriptions',
    {
      policy: 'member',
      summary: 'Keep this browser’s push subscription (PushSubscription.toJSON()), one per device',
      body: PushSubscriptionInput,
      response: { 201: PushSubscriptionSchema },
    },
    async (req) => p.push.subscribe(req.user, req.body),
  );

  route.removed(
    '/api/push/subscriptions',
    {
      policy: 'member',
      summary: 'Forget this browser’s push subscription',
      body: PushUnsubscribeInput,
    },
    async (req) => p.push.unsubscribe(req.user, req.body.endpoint),
  );
};
