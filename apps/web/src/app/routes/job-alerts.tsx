import { JobAlertsPage } from '../../features/job-alerts/job-alerts-page';

/** `/jobs/alerts`: my job alerts. */
export function Component() {
  return <JobAlertsPage />;
}
