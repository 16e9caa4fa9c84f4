import { useParams, useSearchParams } from 'react-router';
import { ApplyPanel } from '../../features/applications/apply-panel';
import { JobDetailsPage } from '../../features/jobs/job-details-page';

/** `/explore/jobs/{id}`, or `/explore/jobs?id=` as job rows link it. */
export function Component() {
  const { id: pathId } = useParams();
  const [params] = useSearchParams();
  const raw = pathId ?? params.get('id') ?? '';
  const jobId = /^\d+$/.test(raw) ? Number(raw) : 0;
  return <JobDetailsPage key={jobId} jobId={jobId} ApplyPanel={ApplyPanel} />;
}
