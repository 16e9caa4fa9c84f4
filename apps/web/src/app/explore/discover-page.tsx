import { SEARCH_DEBOUNCE_MS, SEARCH_MAX } from '@jamii/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CountySelect } from '../../components/county-select';
import { PlayIcon, SearchIcon, TrophyIcon } from '../../components/icons';
import { PageSpinner } from '../../components/page-spinner';
import { useExploreList, useLiveExploreLikes } from '../../features/explore/api';
import {
  BidRow,
  HiringRow,
  JobRow,
  PostRow,
  RowList,
  TopicRow,
  VideoTile,
} from '../../features/explore/explore-rows';
import { DiscoverSection, type DiscoverSectionName } from '../../features/explore/explore-section';
import { useSuggestions } from '../../features/follows/api';
import { PersonRow } from '../../features/follows/person-row';
import { t, type PlainMessageKey } from '../../lib/i18n';
import { paths } from '../../lib/paths';

/** The URL parameter that carries the search (the top bar's form sends `/explore?search=...`). */
const SEARCH_PARAM = 'search';
/** The county People to Connect, Jobs and Hiring are narrowed to (docs/features/phones-and-places.md). */
const COUNTY_PARAM = 'county';

/** The county in the address, and setting it (replacing the history entry, as the search does). */
function useDiscoverCounty() {
  const [params, setParams] = useSearchParams();
  const county = params.get(COUNTY_PARAM) ?? '';
  const setCounty = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set(COUNTY_PARAM, next);
        else updated.delete(COUNTY_PARAM);
        return updated;
      },
      { replace: true },
    );
  return { county, setCounty };
}
const watchAndPlay: readonly { to: string; label: PlainMessageKey; Icon: typeof PlayIcon }[] = [
  { to: paths.videos, label: 'sidePanel.videos', Icon: PlayIcon },
  { to: paths.shorts, label: 'sidePanel.shorts', Icon: PlayIcon },
  { to: paths.quiz, label: 'sidePanel.quiz', Icon: TrophyIcon },
];

/** People to Connect on Discover: a handful; Find People has the full list. */
const PEOPLE_LIMIT = 6;

/**
 * The search box's text and the effective search. The effective search is the URL's `search`, so
 * the top bar, a topic link and the Back button all drive it; typing sets it 400 ms after the last
 * key (the specified states), replacing the history entry rather than adding one per word.
 */
function useDiscoverSearch() {
  const [params, setParams] = useSearchParams();
  // The server takes at most SEARCH_MAX characters: a longer one (a pasted link) is cut, never
  // sent to fail in every section at once.
  const search = (params.get(SEARCH_PARAM) ?? '').trim().slice(0, SEARCH_MAX);
  const [text, setText] = useState(search);
  const [seenSearch, setSeenSearch] = useState(search);
  // What the box last sent to the URL, until the URL shows it: that change is the box's own echo.
  const [sentSearch, setSentSearch] = useState<string | null>(null);

  // The URL changed (the top bar, a topic, Back): the box shows it, unless it says that already.
  // Not when the change is what the box sent: the keys typed since (a slow phone's navigation
  // takes a moment) would be lost, "Otieno" searched as "Oieno".
  if (search !== seenSearch) {
    setSeenSearch(search);
    if (search === sentSearch) setSentSearch(null);
    else if (text.trim() !== search) setText(search);
  }

  useEffect(() => {
    const next = text.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSentSearch(next);
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set(SEARCH_PARAM, next);
          else updated.delete(SEARCH_PARAM);
          return updated;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, setParams]);

  return { text, setText, search };
}

interface SectionSlotProps<T> {
  name: DiscoverSectionName;
  title: string;
  query: UseQueryResult<T[]>;
  seeAllTo?: string;
  className?: string;
  children: (items: T[]) => ReactNode;
}

/** A section wired to its query: rows, its error text, `No results found`, or (later loads) a wait. */
function SectionSlot<T>({ name, title, query, seeAllTo, className, children }: SectionSlotProps<T>) {
  const items = query.data ?? [];
  return (
    <DiscoverSection
      name={name}
      title={title}
      seeAllTo={seeAllTo}
      className={className}
      isError={query.isError}
      isEmpty={!query.isPending && !query.isError && items.length === 0}
      isStale={query.isPlaceholderData}
      onRetry={() => void query.refetch()}
    >
      {query.isPending ? (
        <p role="status" className="py-4 text-sm text-gray-600">
          {t('common.loading')}
        </p>
      ) : (
        children(items)
      )}
    </DiscoverSection>
  );
}

/**
 * the specified screens Discover (`/explore`): a sticky header with the search box, then People to Connect, Jobs,
 * Topics, Hiring, Bids, Posts and videos, loaded in parallel, each searched on the server
 * (docs/design.md#principles), each with its own error text or `No results found`. A full-screen spinner shows
 * until every section has answered once; later searches keep the old rows, dimmed, until the new
 * ones come. Like counts of the posts shown stay live.
 */
export function DiscoverPage() {
  const { text, setText, search } = useDiscoverSearch();
  const { county, setCounty } = useDiscoverCounty();
  const people = useSuggestions({ search, limit: PEOPLE_LIMIT, county });
  const jobs = useExploreList('jobs', search, county);
  const topics = useExploreList('topics', search);
  const hiring = useExploreList('hiring', search, county);
  const bids = useExploreList('bids', search);
  const posts = useExploreList('posts', search);
  const shortVideos = useExploreList('shortVideos', search);
  const longVideos = useExploreList('longVideos', search);
  useLiveExploreLikes((posts.data ?? []).map((post) => post.id));

  const queries = [people, jobs, topics, hiring, bids, posts, shortVideos, longVideos];
  const isAnyPending = queries.some((query) => query.isPending);
  const isSearching = queries.some((query) => query.isFetching);
  const [hasLoaded, setHasLoaded] = useState(false);
  if (!hasLoaded && !isAnyPending) setHasLoaded(true);
  if (!hasLoaded && isAnyPending) return <PageSpinner />;

  return (
    <div>
      <title>{t('page.title', { page: t('discover.title') })}</title>
      <header className="sticky top-0 z-20 border-b border-gray-200 bg-gray-50/95 backdrop-blur md:top-[57px]">
        {/* On a phone the search box has a row of its own, so its placeholder is not cut (docs/web-performance.md). */}
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5 sm:flex-nowrap sm:px-4">
          <h1 className="text-xl font-bold tracking-tight text-gray-900">{t('discover.title')}</h1>
          <form
            role="search"
            onSubmit={(event) => event.preventDefault()}
            className="relative order-last basis-full sm:order-none sm:basis-auto sm:flex-1"
          >
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
            <input
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value.slice(0, SEARCH_MAX))}
              maxLength={SEARCH_MAX}
              aria-label={t('discover.searchLabel')}
              aria-describedby={text.length >= SEARCH_MAX ? 'discover-search-full' : undefined}
              placeholder={t('search.placeholder')}
              enterKeyHint="search"
              autoComplete="off"
              className="block w-full rounded-full border border-gray-300 bg-white py-2 pr-4 pl-9 text-base text-gray-900 placeholder:text-gray-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 sm:text-sm"
            />
          </form>
          <CountySelect
            value={county}
            onChange={setCounty}
            className="ml-auto w-44 shrink-0 sm:ml-0 sm:w-48"
          />
        </div>
        {text.length >= SEARCH_MAX && (
          <p id="discover-search-full" className="mx-auto max-w-6xl px-3 pb-2 text-sm text-gray-600 sm:px-4">
            {t('discover.searchFull', { max: SEARCH_MAX })}
          </p>
        )}
        {county && (
          <p className="mx-auto max-w-6xl px-3 pb-2 text-sm text-gray-600 sm:px-4">
            {t('discover.countyNote')}
          </p>
        )}
        {isSearching && (
          <p role="status" className="sr-only">
            {t('discover.searching')}
          </p>
        )}
      </header>

      {/* The bottom nav has no room for them: Videos, Shorts and the Quiz are one tap from here. */}
      <nav aria-label={t('discover.more')} className="mx-auto max-w-6xl px-3 pt-3 sm:px-4 lg:hidden">
        <ul className="flex flex-wrap gap-2">
          {watchAndPlay.map(({ to, label, Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="inline-flex min-h-10 items-center gap-2 rounded-full border border-gray-300 bg-white px-4 text-sm font-semibold text-gray-800 hover:border-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <Icon className="size-4" />
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-4 px-3 py-4 sm:px-4 md:grid-cols-2">
        <SectionSlot
          name="people"
          title={t('discover.section.people')}
          query={people}
          seeAllTo={paths.exploreUsers}
        >
          {(items) => (
            <RowList>
              {items.map((person, index) => (
                <PersonRow key={person.id} person={person} index={index} withUndo />
              ))}
            </RowList>
          )}
        </SectionSlot>
        <SectionSlot name="jobs" title={t('discover.section.jobs')} query={jobs} seeAllTo={paths.jobs}>
          {(items) => (
            <RowList>
              {items.map((job) => (
                <JobRow key={job.id} job={job} />
              ))}
            </RowList>
          )}
        </SectionSlot>
        <SectionSlot name="topics" title={t('discover.section.topics')} query={topics}>
          {(items) => (
            <RowList>
              {items.map((topic) => (
                <TopicRow key={topic.tag} topic={topic} />
              ))}
            </RowList>
          )}
        </SectionSlot>
        <SectionSlot name="hiring" title={t('discover.section.hiring')} query={hiring}>
          {(items) => (
            <RowList>
              {items.map((item) => (
                <HiringRow key={item.job_id} hiring={item} />
              ))}
            </RowList>
          )}
        </SectionSlot>
        <SectionSlot name="bids" title={t('discover.section.bids')} query={bids} seeAllTo={paths.bids}>
          {(items) => (
            <RowList>
              {items.map((bid) => (
                <BidRow key={bid.id} bid={bid} />
              ))}
            </RowList>
          )}
        </SectionSlot>
        <SectionSlot name="posts" title={t('discover.section.posts')} query={posts} seeAllTo={paths.feed()}>
          {(items) => (
            <RowList>
              {items.map((post) => (
                <PostRow key={post.id} post={post} />
              ))}
            </RowList>
          )}
        </SectionSlot>
        <SectionSlot
          name="shortVideos"
          title={t('discover.section.shortVideos')}
          query={shortVideos}
          seeAllTo={paths.shorts}
          className="md:col-span-2"
        >
          {(items) => (
            <ul className="-mx-1 flex gap-3 overflow-x-auto px-1 pt-2 pb-3">
              {items.map((video) => (
                <VideoTile key={video.id} video={video} isShort />
              ))}
            </ul>
          )}
        </SectionSlot>
        <SectionSlot
          name="longVideos"
          title={t('discover.section.longVideos')}
          query={longVideos}
          seeAllTo={paths.videos}
          className="md:col-span-2"
        >
          {(items) => (
            <ul className="grid grid-cols-2 gap-3 pt-2 pb-3 md:grid-cols-4">
              {items.map((video) => (
                <VideoTile key={video.id} video={video} isShort={false} />
              ))}
            </ul>
          )}
        </SectionSlot>
      </div>
    </div>
  );
}
