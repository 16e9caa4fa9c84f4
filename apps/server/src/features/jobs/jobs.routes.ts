import {
  ADMIN_JOB_LIST,
  JobDetailSchema,
  JobFilterOptionsSchema,
  JobInput,
  JobPatchInput,
  JobSchema,
  JobSearchQuery,
  numberInput,
  PAGE_SIZE,
  SavedJobAnswerSchema,
} from '@jamii/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import { routeKit } from '../../platform/routes';
import { PageQuery } from '../../platform/pagination';
import { NoContent } from '../../platform/responses';
import { createJobsService } from './jobs.service';
import { IdParam } from '../../platform/params';

const ListQuery = PageQuery.extend(JobSearchQuery.shape);
const AdminListQuery = JobSearchQuery.extend({
  limit: numberInput(
    z
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(PAGE_SIZE.max, `limit must be at most ${PAGE_SIZE.max}`),
  ).default(ADMIN_JOB_LIST.limit),
  offset: numberInput(
    z
      .number({ error: 'offset must be a number' })
      .int('offset must be a whole number')
      .min(0, 'offset cannot be negative')
      .max(1_000_000, 'offset is too large'),
  ).default(ADMIN_JOB_LIST.offset),
});
const JobList = z.array(JobSchema);

export const jobsRoutes: FastifyPluginAsyncZod<Platform> = async (app, p) => {
  const jobs = createJobsService(p, app.log);
  p.reportables.register('job', {
    table: 'jobs',
    authorColumn: 'client_id',
    previewColumn: 'title',
    moderated: true,
    remove: (admin, id) => jobs.remove(admin, id),
  });
  const route = routeKit(app, p.guards, 'jobs');

  route.page(
    '/api/jobs',
    {
      policy: 'public',
      viewer: true,
      summary: 'Jobs, newest first, with filters and keyset pages (X-Next-Cursor); public',
      querystring: ListQuery,
      response: { 200: JobList },
    },
    async (req) => jobs.list(req.user ?? null, req.query),
  );

  route.get(
    '/api/jobs/explore',
    {
      policy: 'admin',
      summary: 'Manage Jobs (admin): jobs by limit and offset',
      querystring: AdminListQuery,
      response: { 200: JobList },
    },
    async (req) => jobs.listForAdmin(req.user, req.query),
  );

  route.get(
    '/api/jobs/filters',
    {
      policy: 'public',
      summary: 'Distinct non-empty types, locations and companies for the Jobs Feed dropdowns',
      response: { 200: JobFilterOptionsSchema },
    },
    async () => jobs.filterOptions(),
  );

  route.page(
    '/api/jobs/saved',
    {
      policy: 'member',
      summary: 'The caller’s saved jobs, latest saved first, keyset pages',
      response: { 200: JobList },
    },
    async (req) => jobs.listSaved(req.user, req.query),
  );

  route.get(
    '/api/jobs/:id',
    {
      policy: 'public',
      viewer: true,
      summary: 'One job; with its applicants when the poster asks',
      params: IdParam,
      response: { 200: JobDetailSchema },
    },
    async (req) => jobs.get(req.user ?? null, req.params.id),
  );

  route.created(
    '/api/jobs',
    { policy: 'member', summary: 'Post a job', body: JobInput, response: { 201: JobSchema } },
    async (req) => jobs.create(req.user, req.body),
  );

  route.patch(
    '/api/jobs/:id',
    {
      policy: 'owner',
      summary: 'Edit a job (its poster); answers it with edited_at',
      params: IdParam,
      body: JobPatchInput,
      response: { 200: JobSchema },
    },
    async (req) => jobs.update(req.user, req.params.id, req.body),
  );

  route.delete(
    '/api/jobs/:id',
    {
      policy: 'owner',
      summary: 'Delete a job (poster or admin)',
      params: IdParam,
      response: { 204: NoContent },
    },
    async (req, reply) => {
      await jobs.remove(req.user, req.params.id);
      return reply.code(204).send();
    },
  );

  route.post(
    '/api/jobs/:id/save',
    {
      policy: 'member',
      summary: 'Save a job (idempotent)',
      params: IdParam,
      response: { 200: SavedJobAnswerSchema },
    },
    async (req) => jobs.save(req.user, req.params.id),
  );

  route.delete(
    '/api/jobs/:id/save',
    {
      policy: 'member',
      summary: 'Remove a job from one’s saved jobs (idempotent)',
      params: IdParam,
      response: { 200: SavedJobAnswerSchema },
    },
    async (req) => jobs.unsave(req.user, req.params.id),
  );
};
