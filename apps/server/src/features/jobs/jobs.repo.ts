import type { JobInputValues } from '@jamii/shared';
import { sql, type SelectQueryBuilder, type Updateable } from 'kysely';
import { AUTHOR_COLUMNS, selectWithAuthor } from '../../db/authors';
import type { Kdb } from '../../db/database';
import { jobIsOpen } from '../../db/job-open';
import type { ApplicationStatus, DB, JobsTable, JobStatus } from '../../db/schema';
import { keysetPage, type PageRequest } from '../../platform/pagination';
import { containsPattern } from '../../platform/search';
import { isItemVisible, isPublicItem, type Viewer, visibleItem } from '../../platform/visibility';

// SQL of the jobs feature only.

export interface JobFilter {
  clientId?: number | undefined;
  type?: string | undefined;
  location?: string | undefined;
  company?: string | undefined;
  search?: string | undefined;
  /** The county the location names (stored by migration 0028's trigger; index jobs_county_idx). */
  county?: string | undefined;
  /** Who is looking: hidden/held jobs and blocked pairs are left out (platform/visibility). */
  viewer?: Viewer | undefined;
  /** Only jobs that take applications (open, not expired): the public lists (docs/design.md#job-applications). */
  openOnly?: boolean | undefined;
}

/** Open and not past its end: the same test as the index jobs_status_expires_at_idx. */
/** Dropdown lists stay short enough for a phone; the search box finds the rest. */
const FILTER_OPTIONS_MAX = 200;

/** Jobs with the poster, the applicant count and the viewer's apply/save state: one query per page. */
function selectJobs(db: Kdb, viewerId: number | null) {
  return selectWithAuthor(db, 'jobs', 'client_id')
    .select([
      'jobs.id',
      'jobs.title',
      'jobs.company',
      'jobs.location',
      'jobs.type',
      'jobs.description',
      'jobs.salary',
      'jobs.currency',
      'jobs.salary_min',
      'jobs.salary_max',
      'jobs.salary_period',
      'jobs.client_id',
      'jobs.created_at',
      'jobs.edited_at',
      'jobs.status',
      'jobs.expires_at',
      'jobs.moderation',
      'jobs.risk_level',
      'jobs.risk_reasons',
      ...AUTHOR_COLUMNS,
      'users.email_verified as poster_verified',
      'users.employer_verified',
      'users.agency_licensed',
    ])
    .select((eb) => [
      eb
        .selectFrom('job_applications')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('job_applications.job_id', '=', 'jobs.id')
        .as('applicants_count'),
      viewerId === null
        ? sql<boolean>`false`.as('applied_by_me')
        : eb
            .exists(
              eb
                .selectFrom('job_applications')
                .select(sql.lit(1).as('one'))
                .whereRef('job_applications.job_id', '=', 'jobs.id')
                .where('job_applications.user_id', '=', viewerId),
            )
            .as('applied_by_me'),
      viewerId === null
        ? sql<ApplicationStatus | null>`null`.as('my_application_status')
        : eb
            .selectFrom('job_applications')
            .select('job_applications.status')
            .whereRef('job_applications.job_id', '=', 'jobs.id')
            .where('job_applications.user_id', '=', viewerId)
            .as('my_application_status'),
      viewerId === null
        ? sql<boolean>`false`.as('saved_by_me')
        : eb
            .exists(
              eb
                .selectFrom('saved_jobs')
                .select(sql.lit(1).as('one'))
                .whereRef('saved_jobs.job_id', '=', 'jobs.id')
                .where('saved_jobs.user_id', '=', viewerId),
            )
            .as('saved_by_me'),
    ]);
}

export type JobRow = Awaited<ReturnType<ReturnType<typeof selectJobs>['executeTakeFirstOrThrow']>>;

function applyFilter<O>(query: SelectQueryBuilder<DB, 'jobs' | 'users', O>, filter: JobFilter) {
  let q = query;
  if (filter.viewer !== undefined) q = q.where(visibleItem(filter.viewer, 'jobs'));
  if (filter.openOnly) q = q.where(jobIsOpen);
  if (filter.clientId !== undefined) q = q.where('jobs.client_id', '=', filter.clientId);
  // Case-insensitive equality, as the dropdowns offer each value once whatever its case.
  if (filter.type) q = q.where(sql<boolean>`lower(jobs.type) = lower(${filter.type})`);
  if (filter.location) q = q.where(sql<boolean>`lower(jobs.location) = lower(${filter.location})`);
  if (filter.company) q = q.where(sql<boolean>`lower(jobs.company) = lower(${filter.company})`);
  if (filter.county) q = q.where('jobs.county', '=', filter.county);
  if (filter.search) {
    // The same expression as the trigram index jobs_search_trgm_idx.
    q = q.where(
      sql<boolean>`lower(jobs.title || ' ' || jobs.company || ' ' || jobs.location) like lower(${containsPattern(filter.search)}) escape '\\'`,
    );
  }
  return q;
}

export function listJobs(db: Kdb, viewerId: number | null, filter: JobFilter, page: PageRequest) {
  const query = applyFilter(selectJobs(db, viewerId), filter);
  return keysetPage(query, { createdAt: 'jobs.created_at', id: 'jobs.id' }, page).execute();
}

/** The admin table keeps limit/offset (the specified constants: limit 100, offset 0). */
export function listJobsByOffset(
  db: Kdb,
  viewerId: number | null,
  filter: JobFilter,
  range: { limit: number; offset: number },
) {
  return applyFilter(selectJobs(db, viewerId), filter)
    .orderBy('jobs.created_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .limit(range.limit)
    .offset(range.offset)
    .execute();
}

/** A member's saved jobs, the latest saved first. */
export function listSavedJobs(db: Kdb, userId: number, page: PageRequest, viewer?: Viewer) {
  let query = selectJobs(db, userId).innerJoin('saved_jobs', (join) =>
    join.onRef('saved_jobs.job_id', '=', 'jobs.id').on('saved_jobs.user_id', '=', userId),
  );
  if (viewer !== undefined) query = query.where(visibleItem(viewer, 'jobs'));
  return keysetPage(query, { createdAt: 'saved_jobs.created_at', id: 'saved_jobs.job_id' }, page).execute();
}

/** With a viewer, a job they may not see (hidden, held, blocked pair) is not found. */
export function findJob(db: Kdb, id: number, viewerId: number | null, viewer?: Viewer) {
  const query = selectJobs(db, viewerId).where('jobs.id', '=', id);
  return (viewer === undefined ? query : query.where(visibleItem(viewer, 'jobs'))).executeTakeFirst();
}

/** Whether the viewer may see (and so save or apply to) the job. */
export const isJobVisible = (db: Kdb, id: number, viewer: Viewer) => isItemVisible(db, 'jobs', id, viewer);

export const findJobForChange = (db: Kdb, id: number) =>
  db
    .selectFrom('jobs')
    .select(['id', 'client_id', 'title', 'status', 'company'])
    .select(jobIsOpen.as('is_open'))
    .select(sql<boolean>`jobs.expires_at <= now()`.as('is_expired'))
    .where('id', '=', id)
    .executeTakeFirst();

/** The poster's form (its checked values) as a new job row, open for `expires_in_days`. */
export const insertJob = (db: Kdb, job: JobInputValues & { client_id: number }) => {
  const { expires_in_days, ...values } = job;
  return db
    .insertInto('jobs')
    .values({ ...values, expires_at: expiresIn(expires_in_days) })
    .returning('id')
    .executeTakeFirstOrThrow();
};

/** now() plus whole days, in the database's clock. */
export const expiresIn = (days: number) => sql<Date>`now() + make_interval(days => ${days})`;

/** The stored salary range, to check an edit that changes one end of it. */
export const findJobSalaryRange = (db: Kdb, id: number) =>
  db.selectFrom('jobs').select(['salary_min', 'salary_max']).where('id', '=', id).executeTakeFirst();

/** The poster's edit; marks the job edited. */
export const updateJob = (db: Kdb, id: number, changes: Updateable<JobsTable>) =>
  db
    .updateTable('jobs')
    .set({ ...changes, edited_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();

/** Closing, reopening or a new end: not an edit of what the job says, so not marked edited. */
export const updateJobState = (
  db: Kdb,
  id: number,
  changes: { status?: JobStatus | undefined; expiresInDays?: number | undefined },
) =>
  db
    .updateTable('jobs')
    .set({
      ...(changes.status !== undefined ? { status: changes.status } : {}),
      ...(changes.expiresInDays !== undefined ? { expires_at: expiresIn(changes.expiresInDays) } : {}),
    })
    .where('id', '=', id)
    .execute();

export const deleteJob = (db: Kdb, id: number) =>
  db.deleteFrom('jobs').where('id', '=', id).executeTakeFirst();

/** The distinct non-empty types, locations and companies, each once whatever its case, in one query. */
export async function findFilterOptions(db: Kdb) {
  const distinct = (column: 'type' | 'location' | 'company') =>
    sql<string[]>`array(
      select min(${sql.ref(column)}) from jobs where ${sql.ref(column)} <> '' and ${isPublicItem('jobs')}
      group by lower(${sql.ref(column)}) order by lower(${sql.ref(column)})
      limit ${sql.lit(FILTER_OPTIONS_MAX)})`;
  const { rows } = await sql<{ types: string[]; locations: string[]; companies: string[] }>`
    select ${distinct('type')} as types, ${distinct('location')} as locations,
           ${distinct('company')} as companies`.execute(db);
  return rows[0]!;
}

export const insertSavedJob = (db: Kdb, userId: number, jobId: number) =>
  db
    .insertInto('saved_jobs')
    .values({ user_id: userId, job_id: jobId })
    .onConflict((oc) => oc.columns(['user_id', 'job_id']).doNothing())
    .execute();

export const deleteSavedJob = (db: Kdb, userId: number, jobId: number) =>
  db.deleteFrom('saved_jobs').where('user_id', '=', userId).where('job_id', '=', jobId).execute();
