import {
  ApplicationPatchInput,
  ApplicationSchema,
  CV_MAX_BYTES,
  CvFileSchema,
  JobApplicantSchema,
  JobApplicationSchema,
  JobApplicationsQuery,
  MyApplicationSchema,
} from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';
import { PageQuery } from '../../platform/pagination';
import { IdParam } from '../../platform/params';
import { createApplicationsService } from './applications.service';

export const applicationsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const applications = createApplicationsService(p, app.log);
  const route = routeKit(app, p.guards, 'applications');

  route.post(
    '/api/jobs/:id/apply',
    {
      policy: 'member',
      summary:
        'Apply for an open job (once; not one’s own): JSON {message} or multipart {message, cv (PDF ≤ 5 MB)}; the poster is notified',
      params: IdParam,
      response: { 201: JobApplicationSchema },
    },
    async (req, reply) => {
      const form = await p.uploads.readForm(req, 'cv', { fileSize: CV_MAX_BYTES });
      if (form.file) await p.limits.countUpload(req, reply);
      return reply.code(201).send(await applications.apply(req.user, req.params.id, form));
    },
  );

  route.patch(
    '/api/applications/:id',
    {
      policy: 'owner',
      summary:
        'Change an application’s status: the poster viewed/shortlisted/rejected/hired, the applicant withdrawn',
      params: IdParam,
      body: ApplicationPatchInput,
      response: { 200: ApplicationSchema },
    },
    async (req) => applications.setStatus(req.user, req.params.id, req.body.status),
  );

  route.page(
    '/api/applications/me',
    {
      policy: 'member',
      summary: 'The caller’s applications, newest first, with each job’s title and company; keyset pages',
      response: { 200: z.array(MyApplicationSchema) },
    },
    async (req) => applications.listMine(req.user, req.query),
  );

  route.page(
    '/api/jobs/:id/applications',
    {
      policy: 'owner',
      summary: 'A job’s applications with their applicants (its poster and admins), newest first; ?status=',
      params: IdParam,
      querystring: PageQuery.extend(JobApplicationsQuery.shape),
      response: { 200: z.array(JobApplicantSchema) },
    },
    async (req) => applications.listForJob(req.user, req.params.id, req.query),
  );

  route.get(
    '/api/applications/:id/cv',
    {
      policy: 'owner',
      summary: 'The application’s CV as a PDF download (the poster and the applicant only)',
      params: IdParam,
      response: { 200: CvFileSchema },
    },
    async (req, reply) => {
      const file = await applications.readCv(req.user, req.params.id);
      reply.raw.once('close', () => file.body.destroy());
      return (
        reply
          .type('application/pdf')
          .header('Content-Disposition', 'attachment; filename="cv.pdf"')
          .header('Content-Length', file.size)
          .header('Cache-Control', 'private, no-store')
          // A stream is sent as it is, never serialized: the declared string only documents the answer.
          .send(file.body as unknown as string)
      );
    },
  );
};
