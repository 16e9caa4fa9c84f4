import type { UserDto } from '@jamii/shared';
import { CardSkeletons } from '../../components/card-skeleton';
import { EmptyState, ListError } from '../../components/list-states';
import { MorePages } from '../../components/load-more';
import { t } from '../../lib/i18n';
import { flattenPages } from '../../lib/pages';
import { useJobsList, useSavedJobs } from './api';
import { JobItem } from './job-item';

/** A profile's jobs tab: the jobs the member posted; on one's own, each with Delete. */
export function UserJobs({ member }: { member: UserDto }) {
  const jobs = useJobsList({ user_id: member.id });
  if (jobs.isPending) return <CardSkeletons count={2} />;
  if (jobs.isError) return <ListError message={t('list.loadFailed')} onRetry={() => void jobs.refetch()} />;
  const items = flattenPages(jobs.data);
  if (items.length === 0) return <EmptyState>{t('jobs.userEmpty')}</EmptyState>;
  return (
    <div className="space-y-3">
      {items.map((job) => (
        <JobItem key={job.id} job={job} />
      ))}
      <MorePages list={jobs} />
    </div>
  );
}

/** The saved tab (one's own profile): the jobs one saved, with Apply and Save to change one's mind. */
export function SavedJobs() {
  const jobs = useSavedJobs();
  if (jobs.isPending) return <CardSkeletons count={2} />;
  if (jobs.isError) return <ListError message={t('list.loadFailed')} onRetry={() => void jobs.refetch()} />;
  const items = flattenPages(jobs.data);
  if (items.length === 0) return <EmptyState>{t('jobs.savedEmpty')}</EmptyState>;
  return (
    <div className="space-y-3">
      {items.map((job) => (
        <JobItem key={job.id} job={job} withActions />
      ))}
      <MorePages list={jobs} />
    </div>
  );
}
