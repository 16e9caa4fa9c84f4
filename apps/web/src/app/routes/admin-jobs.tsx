import { ManageJobsPage } from '../../features/jobs/manage-jobs-page';

export function Component() {
  return <ManageJobsPage />;
}
