import type { FastifyPluginAsync } from 'fastify';
import { webPaths } from '@jamii/shared';
import { registerSharedPage } from '../../platform/app-page';
import type { Platform } from '../../platform/context';
import { createJobsService } from './jobs.service';

/** A shared job's page (docs/design.md#conversation-around-posts): the job details with the preview WhatsApp shows. */
export const jobPageRoutes: FastifyPluginAsync<Platform> = async (app, p) => {
  const jobs = createJobsService(p, app.log);
  registerSharedPage(
    app,
    p.appPage,
    '/explore/jobs/:id',
    (id) => jobs.get(null, id),
    (job, id) => ({
      title: job.company ? `${job.title} at ${job.company}` : job.title,
      description: [job.location, job.salary, job.description].filter(Boolean).join(' · '),
      path: webPaths.jobDetails(id),
      type: 'website',
    }),
  );
};
