import { useParams } from 'react-router';
import { JobApplicationsPage } from '../../features/applications/job-applications-page';

/** `/jobs/{id}/applications`: a job's applications, for its poster (docs/design.md#job-applications). */
export function Component() {
  const { id = '' } = useParams();
  const jobId = /^\d+$/.test(id) ? Number(id) : 0;
  return <JobApplicationsPage key={jobId} jobId={jobId} />;
}
