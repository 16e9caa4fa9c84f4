import {
  ADMIN_JOB_LIST,
  JobDetailSchema,
  JobFilterOptionsSchema,
  JobInput,
  JobPatchInput,
  JobSchema,
  JobSearchQuery,
  PAGE_SIZE,
  SavedJobAnswerSchema,
} from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { PageQuery, sendPage } from '../../platform/pagination';
import { NoContent } from '../../platform/responses';
import { createJobsService } from './jobs.service';
import { IdParam } from '../../platform/params';
import { writeAudit } from '../moderation/moderation.service';

const findJobForAudit = (db: Platform['db'], id: number) =>
  db.selectFrom('jobs').select(['id', 'client_id', 'title']).where('id', '=', id).executeTakeFirst();

const ListQuery = PageQuery.extend(JobSearchQuery.shape);
const AdminListQuery = JobSearchQuery.extend({
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(PAGE_SIZE.max, `limit must be at most ${PAGE_SIZE.max}`)
    .default(ADMIN_JOB_LIST.limit),
  offset: z.coerce
    .number()
    .int()
    .min(0, 'offset cannot be negative')
    .max(1_000_000)
    .default(ADMIN_JOB_LIST.offset),
});
const JobList = z.array(JobSchema);

export const jobsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const jobs = createJobsService(p, app.log);
  const { requireUser, requireAdmin, optionalUser } = p.guards;

  app.get(
    '/api/jobs',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Jobs, newest first, with filters and keyset pages (X-Next-Cursor); public',
        querystring: ListQuery,
        response: { 200: JobList },
      },
      preHandler: optionalUser,
      config: { policy: 'public' },
    },
    async (req, reply) => sendPage(reply, await jobs.list(req.user ?? null, req.query)),
  );

  app.get(
    '/api/jobs/explore',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Manage Jobs (admin): jobs by limit and offset',
        querystring: AdminListQuery,
        response: { 200: JobList },
      },
      preHandler: requireAdmin,
      config: { policy: 'admin' },
    },
    async (req) => jobs.listForAdmin(req.user, req.query),
  );

  app.get(
    '/api/jobs/filters',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Distinct non-empty types, locations and companies for the Jobs Feed dropdowns',
        response: { 200: JobFilterOptionsSchema },
      },
      config: { policy: 'public' },
    },
    async () => jobs.filterOptions(),
  );

  app.get(
    '/api/jobs/saved',
    {
      schema: {
        tags: ['jobs'],
        summary: 'The caller’s saved jobs, latest saved first, keyset pages',
        querystring: PageQuery,
        response: { 200: JobList },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req, reply) => sendPage(reply, await jobs.listSaved(req.user, req.query)),
  );

  app.get(
    '/api/jobs/:id',
    {
      schema: {
        tags: ['jobs'],
        summary: 'One job; with its applicants when the poster asks',
        params: IdParam,
        response: { 200: JobDetailSchema },
      },
      preHandler: optionalUser,
      config: { policy: 'public' },
    },
    async (req) => jobs.get(req.user ?? null, req.params.id),
  );

  app.post(
    '/api/jobs',
    {
      schema: { tags: ['jobs'], summary: 'Post a job', body: JobInput, response: { 201: JobSchema } },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req, reply) => reply.code(201).send(await jobs.create(req.user, req.body)),
  );

  app.patch(
    '/api/jobs/:id',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Edit a job (its poster); answers it with edited_at',
        params: IdParam,
        body: JobPatchInput,
        response: { 200: JobSchema },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req) => jobs.update(req.user, req.params.id, req.body),
  );

  app.delete(
    '/api/jobs/:id',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Delete a job (poster or admin)',
        params: IdParam,
        response: { 204: NoContent },
      },
      preHandler: requireUser,
      config: { policy: 'owner' },
    },
    async (req, reply) => {
      // An admin deleting someone else's job (Manage Jobs) is an admin action: audited.
      const job = req.user.role === 'admin' ? await findJobForAudit(p.db, req.params.id) : undefined;
      await jobs.remove(req.user, req.params.id);
      if (job && job.client_id !== req.user.id)
        await writeAudit(p.db, req.user, {
          action: 'job_delete',
          target_type: 'job',
          target_id: job.id,
          target_label: job.title,
        });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/jobs/:id/save',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Save a job (idempotent)',
        params: IdParam,
        response: { 200: SavedJobAnswerSchema },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req) => jobs.save(req.user, req.params.id),
  );

  app.delete(
    '/api/jobs/:id/save',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Remove a job from one’s saved jobs (idempotent)',
        params: IdParam,
        response: { 200: SavedJobAnswerSchema },
      },
      preHandler: requireUser,
      config: { policy: 'member' },
    },
    async (req) => jobs.unsave(req.user, req.params.id),
  );
};
