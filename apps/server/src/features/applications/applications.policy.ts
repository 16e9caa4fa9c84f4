import {
  APPLICANT_APPLICATION_STATUSES,
  POSTER_APPLICATION_STATUSES,
  type ApplicationStatus,
} from '@jamii/shared';
import type { CurrentUser } from '../../platform/auth';

type Application = { user_id: number; client_id: number };

export const isApplicant = (user: CurrentUser, application: Application) => application.user_id === user.id;
export const isPosterOf = (user: CurrentUser, application: Application) => application.client_id === user.id;

/** The poster moves an application along; the applicant may only withdraw it (docs/design.md#job-applications). */
export function maySetStatus(user: CurrentUser, application: Application, status: ApplicationStatus) {
  if (isPosterOf(user, application))
    return (POSTER_APPLICATION_STATUSES as readonly string[]).includes(status);
  if (isApplicant(user, application))
    return (APPLICANT_APPLICATION_STATUSES as readonly string[]).includes(status);
  return false;
}

/** A CV is between the applicant and the poster: not even admins read it. */
export const mayReadCv = (user: CurrentUser, application: Application) =>
  isApplicant(user, application) || isPosterOf(user, application);

/** A job's applications: its poster and admins. */
export const mayListApplications = (user: CurrentUser, job: { client_id: number }) =>
  job.client_id === user.id || user.role === 'admin';

/** Applying to one's own job makes no sense and would notify oneself. */
export const canApplyToJob = (user: CurrentUser, job: { client_id: number }) => job.client_id !== user.id;
