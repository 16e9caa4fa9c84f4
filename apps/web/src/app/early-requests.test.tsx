import { screen, waitFor } from '@testing-library/react';
import { FOLLOWING_FEED_DEFAULT_AT } from '@jamii/shared';
import { describe, expect, it } from 'vitest';
import { BIDS_PAGE_SIZE } from '../features/bids/api';
import { JOBS_PAGE_SIZE } from '../features/jobs/api';
import { JobsFeedPage } from '../features/jobs/jobs-feed-page';
import { POSTS_PAGE_SIZE } from '../features/posts/api';
import { fakeFetch, jsonResponse, makeUser, storeSignedIn } from '../test/auth';
import { makeBid, makeJob, makePost } from '../test/content';
import { callsByPath as countCalls, heldScreen } from '../test/early-calls';
import { stubFetchForEachTest } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { lazyScreen } from './screens';
import { EARLY_PAGE_SIZE, FOLLOWING_FEED_AT } from './early-calls';
import { startFeedRequests, startJobsRequests } from './early-requests';
import { FeedPage } from './feed/feed-page';

const me = makeUser({ id: 42, username: '@wanjiku_k' });
const fetchMock = stubFetchForEachTest({ withAuth: true });

const callsByPath = () => countCalls(fetchMock);

describe('the first API calls of a screen, started while its code downloads', () => {
  it('gives the feed its counts, then the posts of the source they pick, with the jobs and bids, each asked once', async () => {
    storeSignedIn(me);
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/users/wanjiku_k': jsonResponse({ ...me, followers_count: 0, following_count: 7 }),
        'GET /api/posts?limit=10&feed=following': jsonResponse([makePost({ content: 'From a friend' })]),
        'GET /api/jobs?limit=10': jsonResponse([makeJob()]),
        'GET /api/bids?limit=10': jsonResponse([makeBid()]),
      }),
    );

    const screenCode = heldScreen(FeedPage);
    renderWithProviders([{ path: '/feed', ...lazyScreen(screenCode.lazy, startFeedRequests) }], {
      path: '/feed',
    });

    // Before the screen's code has arrived: the counts, the jobs and bids, then the posts they pick.
    await waitFor(() => expect(Object.keys(callsByPath())).toHaveLength(4));
    screenCode.arrive();
    // The first render compiles the screen's modules on the way: give it time.
    expect(await screen.findByText('From a friend', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(callsByPath()).toEqual({
      '/api/users/wanjiku_k': 1,
      '/api/posts?limit=10&feed=following': 1,
      '/api/jobs?limit=10': 1,
      '/api/bids?limit=10': 1,
    });
  });

  it('gives the jobs feed the page for the filters in the address and the filter options, each asked once', async () => {
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/jobs/filters': jsonResponse({ types: [], locations: [], companies: [] }),
        'GET /api/jobs?limit=10&type=Remote': jsonResponse([makeJob({ title: 'Mhasibu' })]),
      }),
    );

    const screenCode = heldScreen(JobsFeedPage);
    renderWithProviders([{ path: '/jobs', ...lazyScreen(screenCode.lazy, startJobsRequests) }], {
      path: '/jobs?type=Remote',
    });

    await waitFor(() => expect(Object.keys(callsByPath())).toHaveLength(2));
    screenCode.arrive();
    expect(await screen.findByRole('heading', { name: 'Mhasibu' }, { timeout: 5000 })).toBeInTheDocument();
    expect(callsByPath()).toEqual({ '/api/jobs/filters': 1, '/api/jobs?limit=10&type=Remote': 1 });
  });

  it('asks nothing early for a visitor on the feed (the guard sends them to log in)', () => {
    startFeedRequests(new URL('http://localhost/feed'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("uses the lists' page size and the feed's Following threshold", () => {
    expect([POSTS_PAGE_SIZE, JOBS_PAGE_SIZE, BIDS_PAGE_SIZE]).toEqual([
      EARLY_PAGE_SIZE,
      EARLY_PAGE_SIZE,
      EARLY_PAGE_SIZE,
    ]);
    expect(FOLLOWING_FEED_AT).toBe(FOLLOWING_FEED_DEFAULT_AT);
  });
});
