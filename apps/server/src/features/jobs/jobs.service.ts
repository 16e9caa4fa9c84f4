import { JOB_ALERTS_MATCH_JOB } from '../job-alerts/job-alerts.service';
import {
  salaryRangeMessage,
  type JobInputValues,
  type JobPatchInputValues,
  type JobSearchQueryValues,
} from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser } from '../../platform/auth';
import { toViewer } from '../../platform/visibility';
import type { Platform } from '../../platform/context';
import { conflict, forbidden, notFound, validationError } from '../../platform/errors';
import { toPage, toPageRequest, type PageQueryValues } from '../../platform/pagination';
import { isForeignKeyViolation } from '../../platform/pg-errors';
import { writeTransaction } from '../../platform/write-transaction';
import { findCvKeysOfJob, listJobApplicants } from '../applications/applications.files';
import { writeAudit } from '../moderation/moderation.audit';
import { screenStored } from '../shield/shield.service';
import { toJobDto } from './jobs.mapper';
import { canDeleteJob, canSeeApplicants, isJobPoster } from './jobs.policy';
import * as repo from './jobs.repo';

const toFilter = (query: JobSearchQueryValues): repo.JobFilter => ({
  clientId: query.user_id,
  type: query.type,
  location: query.location,
  company: query.company,
  search: query.search,
  county: query.county,
});

/** The job was deleted between the check and the write. */
function rethrowGoneJob(err: unknown): never {
  throw isForeignKeyViolation(err) ? notFound('Job') : err;
}

export function createJobsService(
  p: Pick<Platform, 'db' | 'reader' | 'events' | 'config' | 'privateFiles' | 'queue'>,
  log: FastifyBaseLogger,
) {
  const { db } = p;
  const cvFiles = p.privateFiles;

  async function getJob(viewer: CurrentUser | null, id: number) {
    const row = await repo.findJob(db, id, viewer?.id ?? null, toViewer(viewer));
    if (!row) throw notFound('Job');
    return toJobDto(row);
  }

  async function findForChange(id: number) {
    const job = await repo.findJobForChange(db, id);
    if (!job) throw notFound('Job');
    return job;
  }

  /** Saving or applying to a job the member may not see (hidden, held, blocked pair): 404. */
  async function assertVisible(user: CurrentUser, id: number) {
    if (!(await repo.isJobVisible(db, id, toViewer(user)))) throw notFound('Job');
  }

  return {
    async list(viewer: CurrentUser | null, query: PageQueryValues & JobSearchQueryValues) {
      const page = toPageRequest(query);
      // Closed and expired jobs leave the public lists, not their poster's profile (docs/design.md#job-applications).
      const rows = await repo.listJobs(
        await p.reader(viewer?.id ?? null),
        viewer?.id ?? null,
        { ...toFilter(query), viewer: toViewer(viewer), openOnly: query.user_id === undefined },
        page,
      );
      const result = toPage(rows, page);
      return { ...result, items: result.items.map(toJobDto) };
    },

    /** Manage Jobs (admin): the same jobs by limit and offset. */
    async listForAdmin(admin: CurrentUser, query: { limit: number; offset: number } & JobSearchQueryValues) {
      const rows = await repo.listJobsByOffset(db, admin.id, toFilter(query), query);
      return rows.map(toJobDto);
    },

    filterOptions: () => repo.findFilterOptions(db),

    async listSaved(user: CurrentUser, query: PageQueryValues) {
      const page = toPageRequest(query);
      const rows = await repo.listSavedJobs(db, user.id, page, toViewer(user));
      const result = toPage(rows, page);
      return { ...result, items: result.items.map(toJobDto) };
    },

    /** One job; its applicants only when the poster asks. */
    async get(viewer: CurrentUser | null, id: number) {
      const job = await getJob(viewer, id);
      if (!canSeeApplicants(viewer, job)) return job;
      return { ...job, applicants: await listJobApplicants(db, id) };
    },

    async create(user: CurrentUser, input: JobInputValues) {
      const { id, publish } = await writeTransaction(db, async (trx) => {
        const { id } = await repo.insertJob(trx, { client_id: user.id, ...input });
        return { id, ...(await screenStored(trx, 'jobs', id, p.events)) };
      });
      publish();
      // The alerts' fan-out runs on the queue, in batches, never inside this request.
      await p.queue.enqueue(JOB_ALERTS_MATCH_JOB, { jobId: id });
      log.info({ jobId: id, userId: user.id }, 'job posted');
      return getJob(user, id);
    },

    /** The poster edits the job (docs/design.md#offers-that-behave-like-a-marketplace) under the create rules; the range stays in order. */
    async update(user: CurrentUser, id: number, input: JobPatchInputValues) {
      const job = await findForChange(id);
      if (!isJobPoster(user, job)) throw forbidden('You can only edit your own jobs');
      if (input.salary_min !== undefined || input.salary_max !== undefined) {
        const stored = await repo.findJobSalaryRange(db, id);
        const range = {
          salary_min: input.salary_min !== undefined ? input.salary_min : stored?.salary_min,
          salary_max: input.salary_max !== undefined ? input.salary_max : stored?.salary_max,
        };
        const message = salaryRangeMessage({
          salary_min: range.salary_min == null ? null : Number(range.salary_min),
          salary_max: range.salary_max == null ? null : Number(range.salary_max),
        });
        if (message) throw validationError({ salary_max: message });
      }
      const { status, expires_in_days, ...content } = input;
      // Reopening a job past its end needs a new end.
      if (status === 'open' && job.is_expired && expires_in_days === undefined)
        throw conflict('JOB_CLOSED', 'This job has expired: choose how many more days it stays open');
      if (status !== undefined || expires_in_days !== undefined)
        await repo.updateJobState(db, id, { status, expiresInDays: expires_in_days });
      // An empty PATCH changes nothing and marks nothing edited.
      if (Object.keys(content).length > 0) {
        const { publish } = await writeTransaction(db, async (trx) => {
          await repo.updateJob(trx, id, content);
          return screenStored(trx, 'jobs', id, p.events);
        });
        publish();
      }
      log.info({ jobId: id, userId: user.id }, 'job edited');
      return getJob(user, id);
    },

    async remove(user: CurrentUser, id: number) {
      const job = await findForChange(id);
      if (!canDeleteJob(user, job)) throw forbidden('You can only delete your own jobs');
      const cvs = await findCvKeysOfJob(db, id);
      await writeTransaction(db, async (trx) => {
        await repo.deleteJob(trx, id);
        // An admin deleting someone else's job (Manage Jobs) is an admin action: audited in the same commit.
        if (user.role === 'admin' && job.client_id !== user.id)
          await writeAudit(trx, user, {
            action: 'job_delete',
            target_type: 'job',
            target_id: job.id,
            target_label: job.title,
          });
      });
      await Promise.allSettled(cvs.map((key) => cvFiles.remove(key)));
      log.info({ jobId: id, by: user.id }, 'job deleted');
    },

    async save(user: CurrentUser, id: number) {
      await findForChange(id);
      await assertVisible(user, id);
      await writeTransaction(db, (trx) => repo.insertSavedJob(trx, user.id, id)).catch(rethrowGoneJob);
      return { saved: true };
    },

    async unsave(user: CurrentUser, id: number) {
      await findForChange(id);
      await repo.deleteSavedJob(db, user.id, id);
      return { saved: false };
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
