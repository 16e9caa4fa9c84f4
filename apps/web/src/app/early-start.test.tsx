import { screen, waitFor } from '@testing-library/react';
import { TOKEN_STORAGE_KEY } from '@jamii/shared';
import { describe, expect, it } from 'vitest';
import { apiFetch } from '../lib/api';
import { USER_STORAGE_KEY } from '../lib/auth/storage-keys';
import { errorResponse, fakeFetch, jsonResponse, makeUser, storeSignedIn } from '../test/auth';
import { makeBid, makeJob, makePost } from '../test/content';
import { callsByPath as countCalls, heldScreen } from '../test/early-calls';
import { stubFetchForEachTest } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { lazyScreen } from './screens';
import { startFeedRequests } from './early-requests';
import { startEarlyCalls } from './early-start';
import { FeedPage } from './feed/feed-page';

const me = makeUser({ id: 42, username: '@wanjiku_k' });
const fetchMock = stubFetchForEachTest({ withAuth: true });

const callsByPath = () => countCalls(fetchMock);

const sentToken = (path: string) =>
  new Headers(fetchMock.mock.calls.find(([input]) => String(input) === path)?.[1]?.headers).get(
    'Authorization',
  );

/** Storage as the early script reads it, before the app has run. */
const storageWith = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null });

describe("feed.html and jobs.html's early script", () => {
  it("starts a member's identity check and the feed's calls with the stored token, and the app asks none again", async () => {
    storeSignedIn(me, 'early.token');
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/me': jsonResponse(me),
        'GET /api/users/wanjiku_k': jsonResponse({ ...me, followers_count: 0, following_count: 7 }),
        'GET /api/posts?limit=10&feed=following': jsonResponse([makePost({ content: 'From a friend' })]),
        'GET /api/jobs?limit=10': jsonResponse([makeJob()]),
        'GET /api/bids?limit=10': jsonResponse([makeBid()]),
      }),
    );

    expect(startEarlyCalls(new URL('http://localhost/feed'), localStorage)).toEqual([
      '/api/me',
      '/api/jobs?limit=10',
      '/api/bids?limit=10',
      '/api/users/wanjiku_k',
    ]);
    // The posts wait for the member's counts, which pick their source.
    await waitFor(() => expect(Object.keys(callsByPath())).toHaveLength(5));
    expect(sentToken('/api/jobs?limit=10')).toBe('Bearer early.token');

    // Then the app arrives: its route's start and its screen take those answers instead of asking.
    const screenCode = heldScreen(FeedPage);
    renderWithProviders([{ path: '/feed', ...lazyScreen(screenCode.lazy, startFeedRequests) }], {
      path: '/feed',
    });
    screenCode.arrive();
    expect(await screen.findByText('From a friend', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await apiFetch('/api/me')).toEqual(me);
    expect(callsByPath()).toEqual({
      '/api/me': 1,
      '/api/users/wanjiku_k': 1,
      '/api/posts?limit=10&feed=following': 1,
      '/api/jobs?limit=10': 1,
      '/api/bids?limit=10': 1,
    });
  });

  it("starts the jobs feed's page for the address's filters and the filter options, for anyone", () => {
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/jobs/filters': jsonResponse({ types: [], locations: [], companies: [] }),
        'GET /api/jobs?limit=10&search=mhasibu&county=Nakuru': jsonResponse([]),
      }),
    );
    const started = startEarlyCalls(
      new URL('http://localhost/jobs?search=mhasibu&county=Nakuru'),
      storageWith({}),
    );
    expect(started).toEqual(['/api/jobs?limit=10&search=mhasibu&county=Nakuru', '/api/jobs/filters']);
    expect(sentToken('/api/jobs/filters')).toBeNull();
  });

  it('asks nothing without a stored session on the feed, or on any other page', () => {
    expect(startEarlyCalls(new URL('http://localhost/feed'), storageWith({}))).toEqual([]);
    expect(
      startEarlyCalls(new URL('http://localhost/feed'), storageWith({ [TOKEN_STORAGE_KEY]: 'a.token' })),
    ).toEqual([]);
    expect(
      startEarlyCalls(
        new URL('http://localhost/feed'),
        storageWith({ [TOKEN_STORAGE_KEY]: 'a.token', [USER_STORAGE_KEY]: 'not json' }),
      ),
    ).toEqual([]);
    const member = { [TOKEN_STORAGE_KEY]: 'a.token', [USER_STORAGE_KEY]: JSON.stringify(me) };
    expect(startEarlyCalls(new URL('http://localhost/login'), storageWith(member))).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on a feed with a choice in its address starts only the identity check', () => {
    fetchMock.mockImplementation(fakeFetch({ 'GET /api/me': jsonResponse(me) }));
    const member = { [TOKEN_STORAGE_KEY]: 'a.token', [USER_STORAGE_KEY]: JSON.stringify(me) };
    expect(startEarlyCalls(new URL('http://localhost/feed?feed=all'), storageWith(member))).toEqual([
      '/api/me',
    ]);
  });

  it('hands the app no failed answer: the call is asked again, as if there had been none', async () => {
    storeSignedIn(me, 'early.token');
    let jobsAsked = 0;
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/jobs/filters': () =>
          ++jobsAsked === 1
            ? errorResponse(500, 'INTERNAL', 'Something went wrong')
            : jsonResponse({ types: ['Remote'], locations: [], companies: [] }),
        'GET /api/jobs?limit=10': jsonResponse([]),
      }),
    );
    startEarlyCalls(new URL('http://localhost/jobs'), localStorage);
    expect(await apiFetch('/api/jobs/filters')).toEqual({ types: ['Remote'], locations: [], companies: [] });
    expect(callsByPath()['/api/jobs/filters']).toBe(2);
  });

  it('hands the app no answer started with another token (the member changed in between)', async () => {
    storeSignedIn(me, 'old.token');
    fetchMock.mockImplementation(
      fakeFetch({ 'GET /api/jobs/filters': jsonResponse({}), 'GET /api/jobs?limit=10': jsonResponse([]) }),
    );
    startEarlyCalls(new URL('http://localhost/jobs'), localStorage);
    storeSignedIn(me, 'new.token');
    await apiFetch('/api/jobs/filters');
    expect(callsByPath()['/api/jobs/filters']).toBe(2);
    expect(new Headers(fetchMock.mock.calls.at(-1)?.[1]?.headers).get('Authorization')).toBe(
      'Bearer new.token',
    );
  });

  it("asks for the feed's posts once when the early script and the app's route both wait for the counts", async () => {
    storeSignedIn(me, 'early.token');
    let giveCounts = () => {};
    const counts = new Promise<void>((resolve) => (giveCounts = resolve));
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/me': jsonResponse(me),
        'GET /api/users/wanjiku_k': () =>
          counts.then(() => jsonResponse({ ...me, followers_count: 0, following_count: 0 })),
        'GET /api/posts?limit=10': jsonResponse([makePost({ content: 'For everyone' })]),
        'GET /api/jobs?limit=10': jsonResponse([]),
        'GET /api/bids?limit=10': jsonResponse([]),
      }),
    );
    startEarlyCalls(new URL('http://localhost/feed'), localStorage);
    // The app arrives while the counts are still on their way: its route's start waits for the same answer.
    renderWithProviders([{ path: '/feed', element: <FeedPage />, handle: { start: startFeedRequests } }], {
      path: '/feed',
    });
    giveCounts();
    expect(await screen.findByText('For everyone', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(callsByPath()['/api/posts?limit=10']).toBe(1);
    expect(callsByPath()['/api/users/wanjiku_k']).toBe(1);
  });
});
