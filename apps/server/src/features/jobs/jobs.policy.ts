import type { CurrentUser } from '../../platform/auth';

type Job = { client_id: number };

export const isJobPoster = (user: CurrentUser, job: Job) => job.client_id === user.id;
/** The poster removes their job; an admin removes any (Manage Jobs). */
export const canDeleteJob = (user: CurrentUser, job: Job) => isJobPoster(user, job) || user.role === 'admin';
/** Who applied is between the applicants and the poster. */
export const canSeeApplicants = (user: CurrentUser | null, job: Job) =>
  user !== null && isJobPoster(user, job);
