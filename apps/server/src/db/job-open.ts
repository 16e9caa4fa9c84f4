import { sql } from 'kysely';

/**
 * What makes a job take applications, in one place for every query that asks: the jobs list's
 * "open only" filter and the applications feature's check before an application is stored.
 */
export const jobIsOpen = sql<boolean>`(jobs.status = 'open' and jobs.expires_at > now())`;
