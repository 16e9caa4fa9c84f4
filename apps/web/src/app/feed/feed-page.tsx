import {
  FOLLOWING_FEED_DEFAULT_AT,
  type BidDto,
  type JobDto,
  type PostDto,
  type PostFeed,
} from '@jamii/shared';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar';
import { CardSkeletons } from '../../components/card-skeleton';
import { CloseButton } from '../../components/close-button';
import { SearchIcon } from '../../components/icons';
import { EmptyState, ListError } from '../../components/list-states';
import { TabBar } from '../../components/tab-bar';
import { LoadMore } from '../../components/load-more';
import { OutboxPanel } from '../../components/outbox-panel';
import { useBidsList } from '../../features/bids/api';
import { useFollowCounts } from '../../features/follows/api';
import { BidItem } from '../../features/bids/bid-item';
import { useJobsList } from '../../features/jobs/api';
import { JobItem } from '../../features/jobs/job-item';
import { useLiveLikeCounts, usePostsFeed } from '../../features/posts/api';
import { PostCard } from '../../features/posts/post-card';
import { useAuth } from '../../lib/auth';
import { t, type PlainMessageKey } from '../../lib/i18n';
import { logError } from '../../lib/log';
import { useIsWideScreen } from '../../lib/use-media-query';
import { useScreenfulFirst } from '../../lib/use-screenful-first';
import { useSearchParam } from '../../lib/use-url-tabs';
import { flattenPages } from '../../lib/pages';
import { paths, type QuickCreateType } from '../../lib/paths';
import { mergeNewestFirst, type FeedStream } from './merge';

// The forms (and the form library and rules they bring) download only where they show: at once on
// wide screens, on small ones when Quick Create opens one. The lists need none of it. The panel is
// rendered only where it shows, never hidden with CSS, so what a phone has does not depend on
// whether the chunk has loaded.
const CreatePanel = lazyComponent(() =>
  import('./create-panel').then((module) => ({ default: module.CreatePanel })),
);

type FeedView = 'all' | 'posts' | 'jobs' | 'bids';

type FeedEntry =
  | { kind: 'post'; created_at: string; post: PostDto }
  | { kind: 'job'; created_at: string; job: JobDto }
  | { kind: 'bid'; created_at: string; bid: BidDto };

const views: readonly { view: FeedView; label: PlainMessageKey }[] = [
  { view: 'all', label: 'feed.view.all' },
  { view: 'posts', label: 'feed.view.posts' },
  { view: 'jobs', label: 'feed.view.jobs' },
  { view: 'bids', label: 'feed.view.bids' },
];

const QUICK_CREATE_PARAM = 'type';
const isQuickCreateType = (value: string | null): value is QuickCreateType =>
  value === 'post' || value === 'job' || value === 'bid';

/** The words a local search looks in (the specified screens Feed: on small screens the search is local only). */
function entryText(entry: FeedEntry): string {
  switch (entry.kind) {
    case 'post':
      return `${entry.post.content} ${entry.post.title ?? ''} ${entry.post.name} ${entry.post.username}`;
    case 'job':
      return `${entry.job.title} ${entry.job.company} ${entry.job.location} ${entry.job.type} ${entry.job.description} ${entry.job.name}`;
    case 'bid':
      return `${entry.bid.job_title} ${entry.bid.description} ${entry.bid.name}`;
  }
}

function entryKey(entry: FeedEntry): string {
  switch (entry.kind) {
    case 'post':
      return `post-${entry.post.id}`;
    case 'job':
      return `job-${entry.job.id}`;
    case 'bid':
      return `bid-${entry.bid.id}`;
  }
}

function FeedEntryCard({ entry }: { entry: FeedEntry }) {
  switch (entry.kind) {
    case 'post':
      return <PostCard post={entry.post} />;
    case 'job':
      return <JobItem job={entry.job} withActions />;
    case 'bid':
      return <BidItem bid={entry.bid} />;
  }
}

/** The composer's size while its code loads, so nothing below it jumps. */
function CreatePanelPlaceholder() {
  return (
    <div aria-hidden="true">
      <div className="mb-3 h-11 w-52 rounded-full bg-gray-100" />
      <div className="h-44 rounded-2xl bg-white shadow-sm ring-1 ring-gray-900/5" />
    </div>
  );
}

/** the specified error texts: feed loading failures are logged (the list itself offers a retry). */
function useLogFailure(name: string, error: Error | null) {
  useEffect(() => {
    if (error) logError(`loading the feed's ${name} failed`, error);
  }, [name, error]);
}

const FEED_PARAM = 'feed';
const sources: readonly { id: PostFeed; label: PlainMessageKey }[] = [
  { id: 'following', label: 'feed.source.following' },
  { id: 'all', label: 'feed.source.all' },
];

/**
 * Whose posts the feed shows (docs/features/notifications.md): `?feed=` when the address says; otherwise Following once
 * the member follows five people or more, All before that (and for visitors). Null while the
 * member's following count is still on its way, so the feed does not load the wrong list first.
 */
function usePostSource(): [PostFeed | null, (source: PostFeed) => void] {
  const { user } = useAuth();
  const [requested, setRequested] = useSearchParam(FEED_PARAM);
  const counts = useFollowCounts(user?.username ?? '', undefined, { enabled: Boolean(user) && !requested });
  if (!user) return ['all', setRequested];
  if (requested === 'following' || requested === 'all') return [requested, setRequested];
  if (counts.isError) return ['all', setRequested];
  if (!counts.data) return [null, setRequested];
  return [counts.data.following_count >= FOLLOWING_FEED_DEFAULT_AT ? 'following' : 'all', setRequested];
}

/** The three lists, each loaded only while a view shows it; Following shows posts only. */
function useFeedStreams(requestedView: FeedView, source: PostFeed | null) {
  const view: FeedView = source === 'following' ? 'posts' : requestedView;
  const posts = usePostsFeed({
    enabled: source !== null && (view === 'all' || view === 'posts'),
    source: source ?? 'all',
  });
  const jobs = useJobsList({}, { enabled: source !== null && (view === 'all' || view === 'jobs') });
  const bids = useBidsList({ enabled: source !== null && (view === 'all' || view === 'bids') });

  useLogFailure('posts', posts.error);
  useLogFailure('jobs', jobs.error);
  useLogFailure('bids', bids.error);

  const postEntries = flattenPages(posts.data).map((post): FeedEntry => ({
    kind: 'post',
    created_at: post.created_at,
    post,
  }));
  const jobEntries = flattenPages(jobs.data).map((job): FeedEntry => ({
    kind: 'job',
    created_at: job.created_at,
    job,
  }));
  const bidEntries = flattenPages(bids.data).map((bid): FeedEntry => ({
    kind: 'bid',
    created_at: bid.created_at,
    bid,
  }));

  const queries = { posts, jobs, bids };
  const entries = { posts: postEntries, jobs: jobEntries, bids: bidEntries };
  const order = ['posts', 'jobs', 'bids'] as const;
  const shown = view === 'all' ? order : ([view] as const);

  // A list still loading counts as "more to come" with nothing loaded; a failed one is left out.
  const streams: FeedStream<FeedEntry>[] = shown.map((name) => ({
    items: entries[name],
    hasMore: queries[name].isPending || (!queries[name].isError && queries[name].hasNextPage),
  }));
  const merged = mergeNewestFirst(streams);
  const nextName = merged.next === null ? null : shown[merged.next];
  const nextQuery = nextName ? queries[nextName] : null;
  const failed = shown.filter((name) => queries[name].isError);

  return {
    entries: merged.items,
    isLoading: shown.some((name) => queries[name].isPending && !queries[name].isError),
    hasMore: nextQuery !== null && !nextQuery.isPending,
    isLoadingMore: shown.some((name) => queries[name].isFetchingNextPage),
    loadMore: () => void nextQuery?.fetchNextPage(),
    failed,
    retry: () => failed.forEach((name) => void queries[name].refetch()),
  };
}

/**
 * the specified screens Feed (`/feed`): create a Post, a Job or a Bid (a form on wide screens; Quick Create's
 * `?type=` opens it on small ones), then posts, jobs and bids, the All view newest first, more as
 * the member scrolls. On small screens a search box filters what is loaded.
 */
export function FeedPage() {
  const { user } = useAuth();
  const [requested, setRequested] = useSearchParam(QUICK_CREATE_PARAM);
  const quickCreate = isQuickCreateType(requested) ? requested : null;
  const [chosenType, setChosenType] = useState<QuickCreateType>('post');
  // Quick Create's `?type=` decides while it is in the address; the tabs change it there too.
  const createType = quickCreate ?? chosenType;
  const isWideScreen = useIsWideScreen();
  const showsCreatePanel = quickCreate !== null || isWideScreen;
  const [view, setView] = useState<FeedView>('all');
  const [source, setSource] = usePostSource();
  const [localSearch, setLocalSearch] = useState('');
  const searchId = useId();
  const sourceId = useId();
  const listId = useId();
  const panelRef = useRef<HTMLElement>(null);
  const feed = useFeedStreams(view, source);
  const isFollowing = source === 'following';
  useLiveLikeCounts(feed.entries.flatMap((entry) => (entry.kind === 'post' ? [entry.post.id] : [])));

  // Quick Create from the bottom nav: bring that kind's form into view with the cursor in it. A frame
  // later, so the closing Quick Create sheet has given focus back first.
  useEffect(() => {
    if (!quickCreate) return;
    const frame = requestAnimationFrame(() => {
      const panel = panelRef.current;
      panel?.scrollIntoView?.({ block: 'start' });
      panel?.querySelector<HTMLElement>('textarea, input:not([type="file"]):not([type="hidden"])')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [quickCreate]);

  function handleTypeChange(type: QuickCreateType) {
    setChosenType(type);
    if (quickCreate) setRequested(type);
  }

  function closeQuickCreate() {
    setRequested(null);
  }

  const needle = localSearch.trim().toLocaleLowerCase();
  const shown = needle
    ? feed.entries.filter((entry) => entryText(entry).toLocaleLowerCase().includes(needle))
    : feed.entries;
  const { drawn, isDrawing } = useScreenfulFirst(shown);

  return (
    <div className="mx-auto w-full max-w-2xl px-3 py-4 sm:px-4 sm:py-6">
      <title>{t('page.title', { page: t('feed.title') })}</title>
      <h1 className="sr-only">{t('feed.title')}</h1>

      {/* Small screens: a prompt that opens Quick Create's post form; wide screens: the form itself. */}
      {!quickCreate && (
        <Link
          to={paths.feed('post')}
          className="mb-4 flex items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-gray-900/5 md:hidden"
        >
          <Avatar person={user ?? {}} size="sm" />
          <span className="flex-1 rounded-full bg-gray-100 px-4 py-2 text-gray-500">
            {t('posts.composer.placeholder')}
          </span>
        </Link>
      )}
      {showsCreatePanel && (
        <section ref={panelRef} aria-label={t('feed.create.title')} className="mb-4 scroll-mt-20">
          {quickCreate && (
            <div className="mb-2 flex items-center justify-between md:hidden">
              <h2 className="text-lg font-bold text-gray-900">{t('quickCreate.title')}</h2>
              <CloseButton onClick={closeQuickCreate} />
            </div>
          )}
          <Suspense fallback={<CreatePanelPlaceholder />}>
            <CreatePanel
              type={createType}
              onTypeChange={handleTypeChange}
              onCreated={closeQuickCreate}
              focusOnMount={quickCreate !== null}
            />
          </Suspense>
        </section>
      )}

      <div className="relative mb-3 md:hidden">
        <label htmlFor={searchId} className="sr-only">
          {t('feed.search.label')}
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-gray-400" />
        <input
          id={searchId}
          type="search"
          value={localSearch}
          onChange={(event) => setLocalSearch(event.target.value)}
          placeholder={t('feed.search.placeholder')}
          className="block w-full rounded-full border border-gray-300 bg-white py-2.5 pr-4 pl-10 text-base text-gray-900 placeholder:text-gray-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30"
        />
      </div>

      {user && (
        <TabBar
          tabs={sources.map((option) => ({ id: option.id, label: t(option.label) }))}
          activeId={source ?? 'all'}
          onSelect={setSource}
          label={t('feed.source.label')}
          idPrefix={sourceId}
          panelIdFor={() => listId}
          look="pill"
          className="mb-3"
        />
      )}

      {!isFollowing && (
        <nav
          aria-label={t('feed.view.label')}
          className="mb-3 flex gap-1 overflow-x-auto border-b border-gray-200"
        >
          {views.map((option) => {
            const isActive = option.view === view;
            return (
              <button
                key={option.view}
                type="button"
                aria-pressed={isActive}
                onClick={() => setView(option.view)}
                className={`-mb-px shrink-0 border-b-2 px-4 py-2.5 text-sm font-semibold focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${
                  isActive
                    ? 'border-brand-700 text-brand-700'
                    : 'border-transparent text-gray-600 hover:text-gray-900'
                }`}
              >
                {t(option.label)}
              </button>
            );
          })}
        </nav>
      )}

      <OutboxPanel className="mb-3" />

      <section id={listId} aria-label={t('feed.listLabel')} className="space-y-3">
        {feed.failed.length > 0 && <ListError message={t('list.loadFailed')} onRetry={feed.retry} />}
        {(feed.isLoading || source === null) && shown.length === 0 ? (
          <CardSkeletons />
        ) : shown.length === 0 && !feed.hasMore ? (
          feed.failed.length === 0 &&
          (isFollowing && !needle ? (
            <EmptyState>
              {t('feed.following.empty')}{' '}
              <Link to={paths.exploreUsers} className="font-semibold text-brand-700 hover:underline">
                {t('feed.following.findPeople')}
              </Link>
            </EmptyState>
          ) : (
            <EmptyState>{needle ? t('feed.noMatch') : t('feed.empty')}</EmptyState>
          ))
        ) : (
          drawn.map((entry) => <FeedEntryCard key={entryKey(entry)} entry={entry} />)
        )}
        <LoadMore
          hasMore={feed.hasMore && !isDrawing}
          isLoading={feed.isLoadingMore}
          onLoadMore={feed.loadMore}
        />
      </section>
    </div>
  );
}
