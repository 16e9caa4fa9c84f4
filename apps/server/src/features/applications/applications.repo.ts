import { sql } from 'kysely';
import { AUTHOR_COLUMNS, selectWithAuthor } from '../../db/authors';
import type { Kdb } from '../../db/database';
import { jobIsOpen } from '../../db/job-open';
import type { ApplicationStatus } from '../../db/schema';
import { keysetPage, type PageRequest } from '../../platform/pagination';

// SQL of the applications feature only.

const applicationColumns = [
  'job_applications.id',
  'job_applications.job_id',
  'job_applications.user_id',
  'job_applications.message',
  'job_applications.status',
  'job_applications.cv_path',
  'job_applications.created_at',
  'job_applications.status_changed_at',
] as const;

/** The new application's id, or undefined when the member had already applied (one per job). */
export const insertApplication = (
  db: Kdb,
  application: {
    job_id: number;
    user_id: number;
    message: string;
    cv_path: string | null;
    cv_bytes: number | null;
  },
) =>
  db
    .insertInto('job_applications')
    .values(application)
    .onConflict((oc) => oc.columns(['job_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();

/** One application with its job's poster and title: what every rule about it needs. */
export const findApplicationWithJob = (db: Kdb, id: number) =>
  db
    .selectFrom('job_applications')
    .innerJoin('jobs', 'jobs.id', 'job_applications.job_id')
    .select(applicationColumns)
    .select(['jobs.client_id', 'jobs.title as job_title', 'jobs.company'])
    .where('job_applications.id', '=', id)
    .executeTakeFirst();

export type ApplicationWithJobRow = NonNullable<Awaited<ReturnType<typeof findApplicationWithJob>>>;

export const findApplication = (db: Kdb, id: number) =>
  db
    .selectFrom('job_applications')
    .select(applicationColumns)
    .where('job_applications.id', '=', id)
    .executeTakeFirstOrThrow();

export type ApplicationRow = Awaited<ReturnType<typeof findApplication>>;

/** Only from `from`, so two changes at once cannot both pass the same check. */
export const updateStatus = (db: Kdb, id: number, from: ApplicationStatus, to: ApplicationStatus) =>
  db
    .updateTable('job_applications')
    .set({ status: to, status_changed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst();

/** The member's applications, newest first, with the job's title and company. */
export const listMine = (db: Kdb, userId: number, page: PageRequest) =>
  keysetPage(
    db
      .selectFrom('job_applications')
      .innerJoin('jobs', 'jobs.id', 'job_applications.job_id')
      .select(applicationColumns)
      .select(['jobs.title as job_title', 'jobs.company'])
      .where('job_applications.user_id', '=', userId),
    { createdAt: 'job_applications.created_at', id: 'job_applications.id' },
    page,
  ).execute();

/** A job's applications, newest first, with the applicant; optionally one status only. */
export function listForJob(db: Kdb, jobId: number, status: ApplicationStatus | undefined, page: PageRequest) {
  let query = selectWithAuthor(db, 'job_applications', 'user_id')
    .select(applicationColumns)
    .select(AUTHOR_COLUMNS)
    .where('job_applications.job_id', '=', jobId);
  if (status !== undefined) query = query.where('job_applications.status', '=', status);
  return keysetPage(
    query,
    { createdAt: 'job_applications.created_at', id: 'job_applications.id' },
    page,
  ).execute();
}

/**
 * The CVs to erase with an account: those the member sent, and those sent to the member's jobs
 * (their rows go with the jobs).
 */
export async function findCvKeysOfMember(db: Kdb, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('job_applications')
    .innerJoin('jobs', 'jobs.id', 'job_applications.job_id')
    .select('job_applications.cv_path')
    .where('job_applications.cv_path', 'is not', null)
    .where((eb) => eb.or([eb('job_applications.user_id', '=', userId), eb('jobs.client_id', '=', userId)]))
    .execute();
  return rows.flatMap((r) => (r.cv_path ? [r.cv_path] : []));
}

/** The CVs sent to one job, to erase with it. */
export async function findCvKeysOfJob(db: Kdb, jobId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('job_applications')
    .select('cv_path')
    .where('job_id', '=', jobId)
    .where('cv_path', 'is not', null)
    .execute();
  return rows.flatMap((r) => (r.cv_path ? [r.cv_path] : []));
}

/** The job an application is sent to or listed under: its poster, title and whether it is open. */
export const findJobToApply = (db: Kdb, id: number) =>
  db
    .selectFrom('jobs')
    .select(['id', 'client_id', 'title'])
    .select(jobIsOpen.as('is_open'))
    .where('id', '=', id)
    .executeTakeFirst();

function selectApplicants(db: Kdb) {
  return selectWithAuthor(db, 'job_applications', 'user_id').select([
    'job_applications.id',
    'job_applications.job_id',
    'job_applications.user_id',
    ...AUTHOR_COLUMNS,
    'job_applications.message',
    'job_applications.status',
    'job_applications.cv_path',
    'job_applications.created_at',
  ]);
}

export type ApplicantRow = Awaited<
  ReturnType<ReturnType<typeof selectApplicants>['executeTakeFirstOrThrow']>
>;

export const findApplicant = (db: Kdb, id: number) =>
  selectApplicants(db).where('job_applications.id', '=', id).executeTakeFirstOrThrow();

/** A job's applicants, the latest first. */
export const listApplicants = (db: Kdb, jobId: number) =>
  selectApplicants(db)
    .where('job_applications.job_id', '=', jobId)
    .orderBy('job_applications.created_at', 'desc')
    .orderBy('job_applications.id', 'desc')
    .execute();
