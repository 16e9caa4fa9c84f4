import * as repo from './applications.repo';

// For account and job deletion (users and jobs features): the CV files to erase with them. Apart
// from the service, which reads jobs: jobs reading these from the service would close a circle.
export const findCvKeysOfMember = repo.findCvKeysOfMember;
export const findCvKeysOfJob = repo.findCvKeysOfJob;
