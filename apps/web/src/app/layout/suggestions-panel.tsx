import { countyOfPlace, type JobDto, type PersonDto } from '@jamii/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSuggestions } from '../../features/follows/api';
import { FollowButton } from '../../features/follows/follow-button';
import { PersonAvatar, personHandle } from '../../features/follows/person-row';
import { apiFetch } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { withQuery } from '../../lib/with-query';

/** A few of each: the panel is a hint beside the page, the full lists are a link away. */
const PANEL_LIMIT = 4;

function Panel({ title, more, children }: { title: string; more: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-4">
      <h2 className="text-sm font-semibold text-gray-900">{title}</h2>
      {children}
      <div className="mt-2 text-sm">{more}</div>
    </section>
  );
}

const moreLinkClass =
  'font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

function PeoplePanel() {
  const people = useSuggestions({ limit: PANEL_LIMIT });
  const rows: PersonDto[] = people.data ?? [];
  return (
    <Panel
      title={t('suggestPanel.people')}
      more={
        <Link to={paths.exploreUsers} className={moreLinkClass}>
          {t('suggestPanel.seeAllPeople')}
        </Link>
      }
    >
      {people.isSuccess && rows.length === 0 && (
        <p className="mt-2 text-sm text-gray-600">{t('suggestPanel.noPeople')}</p>
      )}
      <ul className="mt-2 space-y-3">
        {rows.map((person, index) => (
          <li key={person.username} className="flex items-center gap-2">
            <PersonAvatar person={person} index={index} />
            <div className="min-w-0 flex-1">
              <Link
                to={paths.user(person.username)}
                className="line-clamp-2 block text-sm break-words font-semibold text-gray-900 hover:underline"
              >
                {person.name}
              </Link>
              <p className="truncate text-xs text-gray-600">{personHandle(person.username)}</p>
            </div>
            <FollowButton person={person} isFollowing={person.followed_by_me} />
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function JobsPanel() {
  const { user } = useAuth();
  const county = user?.location ? countyOfPlace(user.location) : null;
  const jobs = useQuery({
    queryKey: ['jobs', 'near', county ?? ''],
    queryFn: ({ signal }) =>
      apiFetch<JobDto[]>(withQuery('/api/jobs', { limit: PANEL_LIMIT, county: county ?? undefined }), {
        signal,
      }),
  });
  const rows = jobs.data ?? [];
  return (
    <Panel
      title={county ? t('suggestPanel.jobsIn', { county }) : t('suggestPanel.jobs')}
      more={
        <Link
          to={county ? `${paths.jobs}?county=${encodeURIComponent(county)}` : paths.jobs}
          className={moreLinkClass}
        >
          {t('suggestPanel.seeAllJobs')}
        </Link>
      }
    >
      {jobs.isSuccess && rows.length === 0 && (
        <p className="mt-2 text-sm text-gray-600">{t('suggestPanel.noJobs')}</p>
      )}
      <ul className="mt-2 space-y-2">
        {rows.map((job) => (
          <li key={job.id}>
            <Link
              to={paths.jobDetails(job.id)}
              className="block rounded-lg px-1 py-1 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="block truncate text-sm font-semibold text-gray-900">{job.title}</span>
              <span className="block truncate text-xs text-gray-600">
                {[job.company || t('jobs.private'), job.location].filter(Boolean).join(' · ')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** The wide screens' right-hand panel: people to follow and jobs near the member, from the usual lists. */
export function SuggestionsPanel() {
  return (
    <aside aria-label={t('suggestPanel.label')} className="sticky top-16 space-y-4 py-4">
      <PeoplePanel />
      <JobsPanel />
    </aside>
  );
}
