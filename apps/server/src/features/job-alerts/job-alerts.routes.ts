import {
  JobAlertInput,
  JobAlertSchema,
  JobAlertsUnsubscribeAnswerSchema,
  UnsubscribePageSchema,
  UnsubscribeQuery,
} from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { IdParam } from '../../platform/params';
import { routeKit } from '../../platform/routes';
import { JOB_ALERT_UNSUBSCRIBE_PATH } from '../notifications/deliveries';
import { acceptOneClickForm, unsubscribePage } from '../notifications/unsubscribe-page';
import { createJobAlertsService } from './job-alerts.service';

export const jobAlertsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const alerts = createJobAlertsService(p, app.log);
  const route = routeKit(app, p.guards, 'job-alerts');

  route.get(
    '/api/job-alerts',
    {
      policy: 'member',
      summary: 'My job alerts (at most 10), newest first',
      response: { 200: z.array(JobAlertSchema) },
    },
    async (req) => alerts.list(req.user.id),
  );

  route.post(
    '/api/job-alerts',
    {
      policy: 'member',
      summary:
        'Save a job alert (query, county, type, salary_min; instant or daily; channels push, email, sms); 409 past 10',
      body: JobAlertInput,
      response: { 201: JobAlertSchema },
    },
    async (req, reply) => reply.code(201).send(await alerts.create(req.user.id, req.body)),
  );

  acceptOneClickForm(app);

  route.post(
    JOB_ALERT_UNSUBSCRIBE_PATH,
    {
      policy: 'public',
      summary: 'One-click unsubscribe from job alert emails (RFC 8058): email off on all my job alerts',
      querystring: UnsubscribeQuery,
      response: { 200: JobAlertsUnsubscribeAnswerSchema },
    },
    async (req) => alerts.unsubscribeEmail(req.query.token),
  );

  route.get(
    JOB_ALERT_UNSUBSCRIBE_PATH,
    {
      policy: 'public',
      summary: 'The page a job alert email’s unsubscribe link opens: one button that sends the POST',
      querystring: UnsubscribeQuery,
      response: {
        200: { description: 'The page', content: { 'text/html': { schema: UnsubscribePageSchema } } },
      },
    },
    async (req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(unsubscribePage(req.query.token, JOB_ALERT_UNSUBSCRIBE_PATH)),
  );

  route.removed(
    '/api/job-alerts/:id',
    {
      policy: 'owner',
      summary: 'Delete one of my job alerts (another member’s or unknown: 404)',
      params: IdParam,
    },
    async (req) => alerts.remove(req.user.id, req.params.id),
  );
};
