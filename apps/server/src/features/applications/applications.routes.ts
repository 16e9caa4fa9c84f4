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
import { readForm } from '../../platform/multipart';
import { PageQuery, sendPage } from '../../platform/pagination';
import { IdParam } from '../../platform/params';
import { createApplicationsService } from './applications.service';

export const applicationsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const applications = createApplicationsService(p, app.log);
  const { requireUser } = p.guards;

  app.post(
    '/api/jobs/:id/apply',
    {
      schema: {
        tags: ['applications'],
        summary:
          'Apply for an open job (once; not one’s own): JSON {message} or multipart {message, cv (PDF ≤ 5 MB)}; the poster is notified',
        params: IdParam,
        response: { 201: JobApplicationSchema },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req, reply) => {
      const form = await readForm(req, 'cv', { fileSize: CV_MAX_BYTES });
      if (form.file) await p.limits.countUpload(req, reply);
      return reply.code(201).send(await applications.apply(req.user, req.params.id, form));
    },
  );

  app.patch(
    '/api/applications/:id',
    {
      schema: {
        tags: ['applications'],
        summary:
          'Change an application’s status: the poster viewed/shortlisted/rejected/hired, the applicant withdrawn',
        params: IdParam,
        body: ApplicationPatchInput,
        response: { 200: ApplicationSchema },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req) => applications.setStatus(req.user, req.params.id, req.body.status),
  );

  app.get(
    '/api/applications/me',
    {
      schema: {
        tags: ['applications'],
        summary: 'The caller’s applications, newest first, with each job’s title and company; keyset pages',
        querystring: PageQuery,
        response: { 200: z.array(MyApplicationSchema) },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req, reply) => sendPage(reply, await applications.listMine(req.user, req.query)),
  );

  app.get(
    '/api/jobs/:id/applications',
    {
      schema: {
        tags: ['applications'],
        summary: 'A job’s applications with their applicants (its poster and admins), newest first; ?status=',
        params: IdParam,
        querystring: PageQuery.extend(JobApplicationsQuery.shape),
        response: { 200: z.array(JobApplicantSchema) },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req, reply) => sendPage(reply, await applications.listForJob(req.user, req.params.id, req.query)),
  );

  app.get(
    '/api/applications/:id/cv',
    {
      schema: {
        tags: ['applications'],
        summary: 'The application’s CV as a PDF download (the poster and the applicant only)',
        params: IdParam,
        response: { 200: CvFileSchema },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
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
