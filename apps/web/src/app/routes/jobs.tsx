import { JobAlertButton } from '../../features/job-alerts/job-alert-button';
import { JobsFeedPage } from '../../features/jobs/jobs-feed-page';

// Whether this device takes push, read only once the alert form opens (the notifications feature's
// code stays out of the first screen).
const readPushState = () =>
  import('../../features/notifications/push-subscription').then((m) => m.readPushState());

/** `/jobs`: the Jobs list; under its filters, members save the search as a job alert. */
export function Component() {
  return (
    <JobsFeedPage
      searchActions={(filters) => (
        <JobAlertButton
          search={{ query: filters.search, type: filters.type, county: filters.county }}
          hasUnkeptFilters={Boolean(filters.location || filters.company)}
          readPushState={readPushState}
        />
      )}
    />
  );
}
