import type { Kdb } from '../../db/database';
import { toJobApplicationDto } from './applications.mapper';
import * as repo from './applications.repo';

// What other features ask of applications: the CV files to erase with an account or a job (users
// and jobs features), and a job's applicants for its poster's page (jobs feature).
export const findCvKeysOfMember = repo.findCvKeysOfMember;
export const findCvKeysOfJob = repo.findCvKeysOfJob;

export async function listJobApplicants(db: Kdb, jobId: number) {
  return (await repo.listApplicants(db, jobId)).map(toJobApplicationDto);
}
