import { JobsFeedPage } from '../../features/jobs/jobs-feed-page';

export function Component() {
  return <JobsFeedPage />;
}
