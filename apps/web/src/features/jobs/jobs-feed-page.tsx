import { SEARCH_MAX } from '@jamii/shared';
import { useEffect, useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CardSkeletons } from '../../components/card-skeleton';
import { CountySelect } from '../../components/county-select';
import { ChevronDownIcon, SearchIcon } from '../../components/icons';
import { EmptyState, ListError } from '../../components/list-states';
import { MorePages } from '../../components/load-more';
import { t, type PlainMessageKey } from '../../lib/i18n';
import { logError } from '../../lib/log';
import { flattenPages } from '../../lib/pages';
import { useScreenfulFirst } from '../../lib/use-screenful-first';
import { useToast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useJobFilterOptions, useJobsList, type JobFilters } from './api';
import { JobItem } from './job-item';

type FilterName = 'type' | 'location' | 'company' | 'county';

interface FilterSelect {
  name: Exclude<FilterName, 'county'>;
  label: PlainMessageKey;
  any: PlainMessageKey;
  options: 'types' | 'locations' | 'companies';
}

const selects: readonly FilterSelect[] = [
  { name: 'type', label: 'jobs.filter.type', any: 'jobs.filter.anyType', options: 'types' },
  { name: 'location', label: 'jobs.filter.location', any: 'jobs.filter.anyLocation', options: 'locations' },
  { name: 'company', label: 'jobs.filter.company', any: 'jobs.filter.anyCompany', options: 'companies' },
];

const selectClass =
  'block w-full appearance-none truncate rounded-lg border border-gray-300 bg-white py-2.5 pr-7 pl-2.5 text-sm text-gray-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 sm:text-base';

const controlClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base text-gray-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30';

interface JobsFeedPageProps {
  /** Under the filters: what another feature offers for this search (app/routes/jobs.tsx). */
  searchActions?: (filters: JobFilters) => ReactNode;
}

/**
 * the specified screens Jobs Feed (public): a search box (sent to the server after 400 ms of quiet), Type, Location
 * and Company dropdowns filled from the server, a County dropdown (docs/features/phones-and-places.md: Kenya's 47), and job
 * cards with Apply and Save. The filters live in the address, so a reload or a shared link keeps them.
 */
export function JobsFeedPage({ searchActions }: JobsFeedPageProps = {}) {
  const toast = useToast();
  const baseId = useId();
  const [params, setParams] = useSearchParams();
  const [searchText, setSearchText] = useState(() => params.get('search') ?? '');
  const search = useDebouncedValue(searchText.trim());
  const filters: JobFilters = {
    search: params.get('search') ?? '',
    type: params.get('type') ?? '',
    location: params.get('location') ?? '',
    company: params.get('company') ?? '',
    county: params.get('county') ?? '',
  };
  const options = useJobFilterOptions();
  const jobs = useJobsList(filters);

  function setParam(name: FilterName, value: string) {
    setParams(
      (current) => {
        if (value) current.set(name, value);
        else current.delete(name);
        return current;
      },
      { replace: true },
    );
  }

  // Only a settled search text reaches the address (and so the server).
  const searchInAddress = params.get('search') ?? '';
  useEffect(() => {
    if (searchInAddress === search) return;
    setParams(
      (current) => {
        if (search) current.set('search', search);
        else current.delete('search');
        return current;
      },
      { replace: true },
    );
  }, [search, searchInAddress, setParams]);

  const { isError, errorUpdatedAt, error } = jobs;
  useEffect(() => {
    if (!isError) return;
    logError('loading the jobs feed failed', error);
    toast.error(t('jobs.loadFailed'));
  }, [isError, errorUpdatedAt, error, toast]);

  const items = flattenPages(jobs.data);
  const { drawn, isDrawing } = useScreenfulFirst(items);

  return (
    <div className="mx-auto w-full max-w-3xl px-3 py-4 sm:px-4 sm:py-6">
      <title>{t('page.title', { page: t('jobs.feed.title') })}</title>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('jobs.feed.title')}</h1>

      <div role="search" className="mt-4 space-y-3">
        <label htmlFor={`${baseId}-search`} className="sr-only">
          {t('jobs.search.label')}
        </label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-gray-400" />
          <input
            id={`${baseId}-search`}
            type="search"
            enterKeyHint="search"
            maxLength={SEARCH_MAX}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={t('jobs.search.placeholder')}
            className={`${controlClass} pl-10`}
          />
        </div>
        {/* Two rows of two on a phone, one row from 640 px: each dropdown is named by its empty choice
            (SPEC: Type, Location, Company; and All counties). */}
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {selects.map((select) => (
            <div key={select.name} className="relative">
              <label htmlFor={`${baseId}-${select.name}`} className="sr-only">
                {t(select.label)}
              </label>
              <select
                id={`${baseId}-${select.name}`}
                value={filters[select.name] ?? ''}
                onChange={(event: ChangeEvent<HTMLSelectElement>) =>
                  setParam(select.name, event.target.value)
                }
                className={`${selectClass} ${filters[select.name] ? 'border-brand-600 font-semibold text-brand-800' : ''}`}
              >
                <option value="">{t(select.any)}</option>
                {(options.data?.[select.options] ?? []).map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
              <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-2 size-4 -translate-y-1/2 text-gray-500" />
            </div>
          ))}
          <CountySelect value={filters.county ?? ''} onChange={(county) => setParam('county', county)} />
        </div>
        {searchActions?.(filters)}
      </div>

      <section aria-label={t('jobs.feed.listLabel')} className="mt-4 space-y-3">
        {jobs.isPending ? (
          <CardSkeletons />
        ) : jobs.isError ? (
          <ListError message={t('jobs.loadFailed')} onRetry={() => void jobs.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState>{t('jobs.empty')}</EmptyState>
        ) : (
          <>
            {drawn.map((job) => (
              <JobItem key={job.id} job={job} withActions />
            ))}
            {!isDrawing && <MorePages list={jobs} />}
          </>
        )}
      </section>
    </div>
  );
}
