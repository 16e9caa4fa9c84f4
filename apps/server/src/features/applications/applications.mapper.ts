import type { ApplicationDto, JobApplicantDto, JobApplicationDto, MyApplicationDto } from '@jamii/shared';
import { authorFields } from '../../platform/item-fields';
import type { ApplicantRow, ApplicationRow } from './applications.repo';

export function toApplicationDto(row: ApplicationRow): ApplicationDto {
  return {
    id: row.id,
    job_id: row.job_id,
    user_id: row.user_id,
    message: row.message,
    status: row.status,
    has_cv: row.cv_path !== null,
    created_at: row.created_at.toISOString(),
    status_changed_at: row.status_changed_at?.toISOString() ?? null,
  };
}

export const toMyApplicationDto = (
  row: ApplicationRow & { job_title: string; company: string },
): MyApplicationDto => ({ ...toApplicationDto(row), job_title: row.job_title, company: row.company });

export const toJobApplicantDto = (
  row: ApplicationRow & { username: string; name: string; profile_pic: string | null },
): JobApplicantDto => ({
  ...toApplicationDto(row),
  applicant: { id: row.user_id, username: row.username, name: row.name, profile_pic: row.profile_pic },
});

/** An application as the job's page and the apply answer show it: with its applicant's name. */
export function toJobApplicationDto(row: ApplicantRow): JobApplicationDto {
  return {
    id: row.id,
    job_id: row.job_id,
    user_id: row.user_id,
    ...authorFields(row),
    message: row.message,
    status: row.status,
    has_cv: row.cv_path !== null,
    created_at: row.created_at.toISOString(),
  };
}
