// A job's state on its own, without zod: the feed's job cards read it, and the feed's download should
// not carry the jobs' schemas (the JavaScript budget (docs/web-performance.md)).
export const JOB_STATUSES = ['open', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Whether a job is past its end (it closed by itself). */
export const isJobExpired = (job: { expires_at: string }, now = Date.now()) =>
  Date.parse(job.expires_at) <= now;

/** Whether a job still takes applications: open and not past its end. */
export const isJobOpen = (job: { status: JobStatus; expires_at: string }, now = Date.now()) =>
  job.status === 'open' && Date.parse(job.expires_at) > now;
