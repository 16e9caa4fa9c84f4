import { JobAlertInput, JobAlertSchema } from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { IdParam } from '../../platform/params';
import { routeKit } from '../../platform/routes';
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
