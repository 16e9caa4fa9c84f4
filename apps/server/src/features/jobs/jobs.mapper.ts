import type { JobDto } from '@jamii/shared';
import { authorFields, editedItemFields } from '../../platform/item-fields';
import { toRisk } from '../shield/shield.service';
import type { JobRow } from './jobs.repo';

export function toJobDto(row: JobRow): JobDto {
  return {
    id: row.id,
    title: row.title,
    company: row.company,
    location: row.location,
    type: row.type,
    job_type: row.type,
    description: row.description,
    salary: row.salary,
    currency: row.currency,
    salary_min: row.salary_min === null ? null : Number(row.salary_min),
    salary_max: row.salary_max === null ? null : Number(row.salary_max),
    salary_period: row.salary_period,
    client_id: row.client_id,
    ...editedItemFields(row),
    ...authorFields(row),
    poster_verified: row.poster_verified,
    employer_verified: row.employer_verified,
    agency_licensed: row.agency_licensed,
    applied_by_me: Boolean(row.applied_by_me),
    saved_by_me: Boolean(row.saved_by_me),
    applicants_count: Number(row.applicants_count ?? 0),
    risk: toRisk(row),
    status: row.status,
    expires_at: row.expires_at.toISOString(),
    my_application_status: row.my_application_status ?? null,
  };
}
