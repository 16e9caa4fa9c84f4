/** An application's life (docs/design.md#job-applications); a module of its own so jobs.ts and applications.ts share it. */
export const APPLICATION_STATUSES = [
  'submitted',
  'viewed',
  'shortlisted',
  'rejected',
  'hired',
  'withdrawn',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** What the job's poster may set. */
export const POSTER_APPLICATION_STATUSES = ['viewed', 'shortlisted', 'rejected', 'hired'] as const;
/** What the applicant may set. */
export const APPLICANT_APPLICATION_STATUSES = ['withdrawn'] as const;
