import {
  CV_MESSAGES,
  isPdfBytes,
  PDF_MAGIC,
  JobApplyInput,
  type ApplicationStatus,
  type JobApplicationDto,
  webPaths,
} from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationType } from '../../db/schema';
import type { CurrentUser } from '../../platform/auth';
import type { Platform } from '../../platform/context';
import { conflict, fieldErrors, forbidden, notFound, validationError } from '../../platform/errors';
import { readFileStart, type MultipartBody } from '../../platform/multipart';
import { toPage, toPageRequest, type PageQueryValues } from '../../platform/pagination';
import { isForeignKeyViolation } from '../../platform/pg-errors';
import { assertListingOpen, assertMayReach } from '../../platform/interactions';
import { createNotifier } from '../notifications/notifications.service';
import {
  toApplicationDto,
  toJobApplicantDto,
  toJobApplicationDto,
  toMyApplicationDto,
} from './applications.mapper';
import {
  canApplyToJob,
  isPosterOf,
  mayListApplications,
  mayReadCv,
  maySetStatus,
} from './applications.policy';
import * as repo from './applications.repo';
import { writeTransaction } from '../../platform/write-transaction';
import { createStorageQuota } from '../users/storage-quota';

/** What the applicant reads when the poster moves their application along. */
const statusNotice: Record<
  Exclude<ApplicationStatus, 'submitted' | 'withdrawn'>,
  {
    kind: 'application_viewed' | 'application_shortlisted' | 'application_rejected' | 'application_hired';
    type: NotificationType;
  }
> = {
  viewed: { kind: 'application_viewed', type: 'info' },
  shortlisted: { kind: 'application_shortlisted', type: 'success' },
  rejected: { kind: 'application_rejected', type: 'info' },
  hired: { kind: 'application_hired', type: 'success' },
};

export const jobClosed = () => conflict('JOB_CLOSED', 'This job is closed and takes no more applications');

export function createApplicationsService(
  p: Pick<Platform, 'db' | 'events' | 'config' | 'privateFiles'>,
  log: FastifyBaseLogger,
) {
  const { db } = p;
  const notifier = createNotifier(db, p.events);
  const files = p.privateFiles;
  const quota = createStorageQuota(db, p.config.storageQuotaBytes);

  async function findForChange(id: number) {
    const application = await repo.findApplicationWithJob(db, id);
    if (!application) throw notFound('Application');
    return application;
  }

  return {
    files,

    /**
     * Once per member, to an open job not their own, with an optional PDF CV (kept privately);
     * the poster is told in the same transaction.
     */
    async apply(user: CurrentUser, jobId: number, form: MultipartBody): Promise<JobApplicationDto> {
      const parsed = JobApplyInput.safeParse(form.fields);
      if (!parsed.success) throw validationError(fieldErrors(parsed.error.issues));
      if (form.file && !isPdfBytes(await readFileStart(form.file.path, PDF_MAGIC.length)))
        throw validationError({ cv: CV_MESSAGES.notPdf }, CV_MESSAGES.notPdf);

      const job = await repo.findJobToApply(db, jobId);
      if (!job) throw notFound('Job');
      // Hidden, held or its poster suspended: 404; the poster and the applicant a blocked pair: 403.
      await assertListingOpen(db, 'jobs', jobId, user.id, 'Job');
      if (!canApplyToJob(user, job)) throw forbidden('You cannot apply for your own job');
      if (!job.is_open) throw jobClosed();

      const cvBytes = form.file?.size ?? null;
      const cvKey = form.file ? await files.putFile('cv', 'pdf', form.file.path) : null;
      try {
        const { application, publish } = await writeTransaction(db, async (trx) => {
          // The CV counts against its sender's quota (it is kept until the job is deleted).
          if (cvBytes) await quota.assertRoomFor(trx, user.id, cvBytes);
          const inserted = await repo.insertApplication(trx, {
            job_id: jobId,
            user_id: user.id,
            message: parsed.data.message,
            cv_path: cvKey,
            cv_bytes: cvBytes,
          });
          if (!inserted) throw conflict('ALREADY_APPLIED', 'You have already applied for this job');
          const publish = await notifier.notifyIn(
            trx,
            job.client_id,
            { kind: 'job_applied', params: { name: user.name, job: job.title } },
            'info',
            { link: webPaths.jobApplications(jobId), category: 'applications' },
          );
          return { application: await repo.findApplicant(trx, inserted.id), publish };
        });
        publish();
        log.info({ jobId, userId: user.id, cv: cvKey !== null }, 'job application sent');
        return toJobApplicationDto(application);
      } catch (err) {
        await files.remove(cvKey);
        // The job was deleted between the check and the write.
        throw isForeignKeyViolation(err) ? notFound('Job') : err;
      }
    },

    /** The poster sets viewed/shortlisted/rejected/hired, the applicant withdrawn; others 403. */
    async setStatus(user: CurrentUser, id: number, status: ApplicationStatus) {
      const application = await findForChange(id);
      if (!maySetStatus(user, application, status)) {
        if (!isPosterOf(user, application) && application.user_id !== user.id)
          throw forbidden('Only the job’s poster and the applicant can change this application');
        throw forbidden(
          isPosterOf(user, application)
            ? 'The poster can set viewed, shortlisted, rejected or hired'
            : 'You can only withdraw your application',
        );
      }
      // The poster's decisions reach the applicant: the job open to dealings (404), the pair not
      // blocked (403), the applicant not suspended (404). Withdrawing is the applicant's own upkeep.
      if (isPosterOf(user, application)) {
        await assertListingOpen(db, 'jobs', application.job_id, user.id, 'Application');
        await assertMayReach(db, user.id, application.user_id, 'Application');
      }
      if (application.status === 'withdrawn')
        throw conflict('APPLICATION_WITHDRAWN', 'This application was withdrawn');
      if (application.status === status) return toApplicationDto(application);

      const publish = await writeTransaction(db, async (trx) => {
        const changed = await repo.updateStatus(trx, id, application.status, status);
        // Changed by someone else at the same moment (a withdrawal): the newer state wins.
        if (!changed) throw conflict('APPLICATION_WITHDRAWN', 'This application was changed meanwhile');
        if (status === 'withdrawn') return () => undefined;
        const notice = statusNotice[status as keyof typeof statusNotice];
        return notifier.notifyIn(
          trx,
          application.user_id,
          { kind: notice.kind, params: { job: application.job_title } },
          notice.type,
          {
            link: webPaths.jobDetails(application.job_id),
            category: 'applications',
          },
        );
      });
      publish();
      log.info({ applicationId: id, by: user.id, status }, 'application status changed');
      return toApplicationDto(await repo.findApplication(db, id));
    },

    async listMine(user: CurrentUser, query: PageQueryValues) {
      const page = toPageRequest(query);
      const result = toPage(await repo.listMine(db, user.id, page), page);
      return { ...result, items: result.items.map(toMyApplicationDto) };
    },

    async listForJob(
      user: CurrentUser,
      jobId: number,
      query: PageQueryValues & { status?: ApplicationStatus | undefined },
    ) {
      const job = await repo.findJobToApply(db, jobId);
      if (!job) throw notFound('Job');
      if (!mayListApplications(user, job)) throw forbidden('Only the job’s poster can see its applications');
      const page = toPageRequest(query);
      const result = toPage(await repo.listForJob(db, jobId, query.status, page), page);
      return { ...result, items: result.items.map(toJobApplicantDto) };
    },

    /** The CV's bytes, for the poster and the applicant only; 404 when none was sent (or it is gone). */
    async readCv(user: CurrentUser, id: number) {
      const application = await findForChange(id);
      if (!mayReadCv(user, application))
        throw forbidden('Only the job’s poster and the applicant can read this CV');
      const file = application.cv_path ? await files.store.get(application.cv_path) : null;
      if (!file) throw notFound('CV');
      return file;
    },
  };
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;
