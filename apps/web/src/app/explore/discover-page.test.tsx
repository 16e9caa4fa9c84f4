import {
  PERSON_AVATAR_COLOURS,
  SEARCH_DEBOUNCE_MS,
  type HiringDto,
  type TopicDto,
  type VideoDto,
} from '@jamii/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, makeUser } from '../../test/auth';
import { makeBid, makeJob, makePost, makeVideo as makeVideoDto } from '../../test/content';
import { makePerson } from '../../test/people';
import { setSocketFactory } from '../../lib/realtime';
import { emitRealtime, fakeSocketFactory, type FakeSocket } from '../../test/realtime';
import { renderWithProviders } from '../../test/render';
import type { RouteHandle } from '../screens';
import { DiscoverPage } from './discover-page';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const me = makeUser({ id: 42, username: '@zawadi_w', name: 'Zawadi Wairimu' });

const LISTS = [
  '/api/users/suggestions',
  '/api/jobs',
  '/api/topics/explore',
  '/api/hiring/explore',
  '/api/bids',
  '/api/posts',
  '/api/videos/short',
  '/api/videos/long',
] as const;
type ListPath = (typeof LISTS)[number];
type Answer = unknown[] | (() => Response | Promise<Response>);

const makeVideo = (overrides: Partial<VideoDto> = {}) =>
  makeVideoDto({ id: 1, title: 'Matatu art in Nairobi', description: '', ...overrides });

const brian = makePerson();
const job = makeJob({ id: 31, title: 'Junior React Developer', company: 'SafariCode', location: 'Nairobi' });
const topic: TopicDto = {
  tag: 'devlife',
  title: '#devlife',
  description: '2 posts, 1 this week',
  posts: 2,
  recent_posts: 1,
};
const hiring: HiringDto = {
  job_id: 31,
  company: 'SafariCode',
  role: 'Junior React Developer',
  location: 'Nairobi',
  link: '/explore/jobs/31',
};
const bid = makeBid({ job_title: 'Logo design for a matatu SACCO', max_price: 150, name: 'Wanjiku Kamau' });
const post = makePost({
  id: 77,
  content: 'Sunset over Lake Victoria #devlife',
  likes: 3,
  name: 'Brian Otieno',
});
const short = makeVideo({ id: 5, kind: 'short', title: 'Tea picking in Kericho' });
const long = makeVideo({ id: 6, title: 'Building a mobile money app' });

const defaults: Record<ListPath, unknown[]> = {
  '/api/users/suggestions': [brian],
  '/api/jobs': [job],
  '/api/topics/explore': [topic],
  '/api/hiring/explore': [hiring],
  '/api/bids': [bid],
  '/api/posts': [post],
  '/api/videos/short': [short],
  '/api/videos/long': [long],
};

const failure = () => errorResponse(500, 'INTERNAL', 'Oops');

/** A fake server for Discover's lists (any query string) and follows. */
function serve(
  answers: Partial<Record<ListPath, Answer>> = {},
  { follow }: { follow?: () => Response } = {},
) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname in defaults) {
      const path = url.pathname as ListPath;
      const answer = answers[path] ?? defaults[path];
      return typeof answer === 'function' ? answer() : jsonResponse(answer);
    }
    if (/^\/api\/users\/[^/]+\/follow$/.test(url.pathname)) {
      if (follow) return follow();
      return jsonResponse({ following: method === 'POST', followers_count: 1, following_count: 0 });
    }
    throw new Error(`unexpected call: ${method} ${url.pathname}${url.search}`);
  });
}

/** The URLs of the calls made to one path. */
const callsTo = (pathname: string, method = 'GET') =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === pathname);

const routes: RouteObject[] = [{ path: '/explore', element: <DiscoverPage /> }];

async function renderDiscover(path = '/explore') {
  const result = renderWithProviders(routes, { path });
  await screen.findByRole('heading', { level: 1, name: 'Discover' });
  return result;
}

const section = (name: string) => screen.getByRole('region', { name });

const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: me });

afterEach(() => {
  vi.useRealTimers();
});

describe('DiscoverPage', () => {
  it('shows a full-screen spinner until every section has answered, then all of them', async () => {
    let answerVideos: (response: Response) => void = () => {};
    serve({ '/api/videos/long': () => new Promise((resolve) => (answerVideos = resolve)) });
    renderWithProviders(routes, { path: '/explore' });

    await vi.waitFor(() => expect(callsTo('/api/videos/long')).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading', { name: 'Discover' })).not.toBeInTheDocument();
    // Loaded in parallel: every list was asked for at once, without a search.
    for (const path of LISTS) {
      expect(callsTo(path)).toHaveLength(1);
      expect(callsTo(path)[0]!.searchParams.has('search')).toBe(false);
    }

    await act(async () => answerVideos(jsonResponse([long])));

    expect(await screen.findByRole('heading', { level: 1, name: 'Discover' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search Discover' })).toHaveAttribute(
      'placeholder',
      'Search people, jobs, topics...',
    );
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      'People to Connect',
      'Jobs',
      'Topics',
      'Hiring',
      'Bids',
      'Posts',
      'Shorts',
      'Videos',
    ]);
  });

  it('shows job, topic, hiring, bid, post and video rows', async () => {
    serve();
    await renderDiscover();

    const jobs = section('Jobs');
    expect(within(jobs).getByText('Junior React Developer')).toBeInTheDocument();
    expect(within(jobs).getByText('SafariCode')).toBeInTheDocument();
    expect(within(jobs).getByText('Nairobi')).toBeInTheDocument();
    expect(within(jobs).getByRole('link', { name: 'Details of Junior React Developer' })).toHaveAttribute(
      'href',
      '/explore/jobs/31',
    );
    expect(within(section('Topics')).getByText('#devlife')).toBeInTheDocument();
    expect(within(section('Topics')).getByText('2 posts, 1 this week')).toBeInTheDocument();
    const hiringRows = section('Hiring');
    expect(within(hiringRows).getByText('SafariCode')).toBeInTheDocument();
    expect(
      within(hiringRows).getByRole('link', { name: 'View job: Junior React Developer at SafariCode' }),
    ).toHaveAttribute('href', '/explore/jobs/31');
    expect(within(section('Bids')).getByText('Logo design for a matatu SACCO')).toBeInTheDocument();
    expect(within(section('Bids')).getByText('Max KSh 150')).toBeInTheDocument();
    expect(within(section('Posts')).getByText('Sunset over Lake Victoria #devlife')).toBeInTheDocument();
    expect(within(section('Shorts')).getByRole('link', { name: /Tea picking in Kericho/ })).toHaveAttribute(
      'href',
      '/shorts',
    );
    expect(
      within(section('Videos')).getByRole('link', { name: /Building a mobile money app/ }),
    ).toHaveAttribute('href', '/videos');
  });

  it('searches 400 ms after the last key: every section once, with ?search=, and the URL keeps it', async () => {
    serve();
    const { router } = await renderDiscover();
    const box = screen.getByRole('searchbox', { name: 'Search Discover' });
    vi.useFakeTimers();

    fireEvent.change(box, { target: { value: 'w' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 100));
    fireEvent.change(box, { target: { value: 'wa' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 100));
    fireEvent.change(box, { target: { value: 'wanjiku ' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    for (const path of LISTS) expect(callsTo(path)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(1));

    for (const path of LISTS) {
      const searched = callsTo(path).filter((url) => url.searchParams.has('search'));
      expect(searched.map((url) => url.searchParams.get('search'))).toEqual(['wanjiku']);
    }
    expect(router.state.location.search).toBe('?search=wanjiku');
    // The box keeps what was typed (the trailing space too).
    expect(box).toHaveValue('wanjiku ');
  });

  it('keeps a search to its first 100 characters, says so once, and sends no longer one', async () => {
    serve();
    const { router } = await renderDiscover();
    const box = screen.getByRole('searchbox', { name: 'Search Discover' });
    expect(box).toHaveAttribute('maxlength', '100');
    vi.useFakeTimers();

    fireEvent.change(box, { target: { value: 'a'.repeat(300) } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));

    expect(box).toHaveValue('a'.repeat(100));
    expect(screen.getAllByText('A search keeps its first 100 characters.')).toHaveLength(1);
    for (const path of LISTS) {
      const searched = callsTo(path).filter((url) => url.searchParams.has('search'));
      expect(searched.map((url) => url.searchParams.get('search'))).toEqual(['a'.repeat(100)]);
    }
    expect(router.state.location.search).toBe(`?search=${'a'.repeat(100)}`);
  });

  it('keeps the keys typed while its own search is reaching the screen (a slow phone)', async () => {
    serve();
    // On a slow phone the screen may show a move some time after the URL has changed (the move is
    // a transition; the route tree shows a screen once its route is ready): this route holds the
    // next move until released.
    let isHolding = false;
    let holdNext = false;
    let release: () => void = () => undefined;
    const held = () =>
      new Promise<void>((resolve) => {
        release = () => {
          isHolding = false;
          resolve();
        };
      });
    const slowRoutes: RouteObject[] = [
      {
        path: '/explore',
        element: <DiscoverPage />,
        handle: {
          start: () => {
            if (!holdNext) return;
            holdNext = false;
            isHolding = true;
          },
          isReady: () => !isHolding,
          preload: held,
        } satisfies RouteHandle,
      },
    ];
    const { router } = renderWithProviders(slowRoutes, { path: '/explore' });
    await screen.findByRole('heading', { level: 1, name: 'Discover' });
    holdNext = true;
    const box = screen.getByRole('searchbox', { name: 'Search Discover' });
    const searchedFor = () => callsTo('/api/jobs').map((url) => url.searchParams.get('search'));
    vi.useFakeTimers();

    fireEvent.change(box, { target: { value: 'O' } });
    // The pause sends "O"; the next key comes while the screen is still on its way there.
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(router.state.location.search).toBe('?search=O');
    expect(searchedFor()).toEqual([null]);
    fireEvent.change(box, { target: { value: 'Ot' } });
    await act(async () => release());
    expect(searchedFor()).toEqual([null, 'O']);
    expect(box).toHaveValue('Ot');

    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(router.state.location.search).toBe('?search=Ot');
    expect(searchedFor()).toEqual([null, 'O', 'Ot']);
    expect(box).toHaveValue('Ot');
    // The URL's own changes still reach the box (Back, the top bar).
    await act(() => router.navigate('/explore?search=amina', { replace: true }));
    expect(box).toHaveValue('amina');
  });

  it('starts from the search in the URL (the top bar’s form)', async () => {
    serve();
    await renderDiscover('/explore?search=otieno');

    expect(screen.getByRole('searchbox', { name: 'Search Discover' })).toHaveValue('otieno');
    for (const path of LISTS) {
      expect(callsTo(path).map((url) => url.searchParams.get('search'))).toEqual(['otieno']);
    }
  });

  it('gives each failed section its own error text, and retries it', async () => {
    const user = userEvent.setup();
    let topicCalls = 0;
    serve({
      '/api/topics/explore': () => (++topicCalls === 1 ? failure() : jsonResponse([topic])),
      '/api/videos/short': failure,
      '/api/users/suggestions': failure,
    });
    await renderDiscover();

    expect(within(section('Topics')).getByText('Failed to load topics')).toBeInTheDocument();
    expect(within(section('Shorts')).getByText('Failed to load shortVideos')).toBeInTheDocument();
    expect(within(section('People to Connect')).getByText('Failed to load people')).toBeInTheDocument();
    expect(within(section('Jobs')).getByText('Junior React Developer')).toBeInTheDocument();

    await user.click(within(section('Topics')).getByRole('button', { name: 'Try again' }));
    expect(await within(section('Topics')).findByText('#devlife')).toBeInTheDocument();
  });

  it('says No results found for an empty section, never sample data', async () => {
    serve({ '/api/jobs': [], '/api/videos/long': [] });
    await renderDiscover();

    expect(within(section('Jobs')).getByText('No results found')).toBeInTheDocument();
    expect(within(section('Jobs')).queryByRole('listitem')).not.toBeInTheDocument();
    expect(within(section('Videos')).getByText('No results found')).toBeInTheDocument();
    expect(within(section('Topics')).queryByText('No results found')).not.toBeInTheDocument();
  });

  it('shows each person with one @, a View link, and the six-colour cycle for initials', async () => {
    const people = [
      makePerson({ id: 1, username: '@wanjiku_k', name: 'Wanjiku Kamau' }),
      makePerson({ id: 2, username: 'no_at_sign', name: 'amina hassan' }),
      makePerson({ id: 3, username: '@kiprop_j', name: '' }),
      makePerson({ id: 4, username: '@njeri_m', name: 'Grace Njeri', profile_pic: '/media/avatars/4.webp' }),
      makePerson({ id: 5, username: '@mutua_e', name: 'Daniel Mutua' }),
      makePerson({ id: 6, username: '@akinyi_a', name: 'Faith Akinyi' }),
      makePerson({ id: 7, username: '@hassan_o', name: 'Omar Hassan' }),
    ];
    serve({ '/api/users/suggestions': people });
    await renderDiscover();

    const rows = within(section('People to Connect')).getAllByTestId('person-row');
    expect(rows).toHaveLength(7);
    expect(within(rows[0]!).getByText('@wanjiku_k')).toBeInTheDocument();
    expect(rows[0]).not.toHaveTextContent('@@');
    expect(within(rows[1]!).getByText('@no_at_sign')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'View Wanjiku Kamau' })).toHaveAttribute(
      'href',
      '/user/wanjiku_k',
    );
    // Initials: the first letter of the name, upper case, else ?; a picture when there is one.
    const avatars = rows.map((row) => row.firstElementChild!);
    expect(avatars[0]).toHaveTextContent('W');
    expect(avatars[1]).toHaveTextContent('A');
    expect(avatars[2]).toHaveTextContent('?');
    expect(avatars[3]!.tagName).toBe('IMG');
    expect(avatars[3]).toHaveAttribute('src', '/media/avatars/4.webp');
    // The colour follows the row's place in the list: six colours, then round again.
    const colours = avatars.map((avatar) => avatar.getAttribute('data-colour'));
    expect(colours).toEqual([
      PERSON_AVATAR_COLOURS[0],
      PERSON_AVATAR_COLOURS[1],
      PERSON_AVATAR_COLOURS[2],
      null,
      PERSON_AVATAR_COLOURS[4],
      PERSON_AVATAR_COLOURS[5],
      PERSON_AVATAR_COLOURS[0],
    ]);
    expect(avatars[0]).toHaveClass('bg-avatar-green');
    expect(avatars[5]).toHaveClass('bg-avatar-orange');
  });

  it('follows from a person row; the toast’s Undo unfollows', async () => {
    const user = userEvent.setup();
    serve();
    await renderDiscover();
    const people = section('People to Connect');

    await user.click(within(people).getByRole('button', { name: 'Follow Brian Otieno' }));

    const toast = (await screen.findByText('You followed this item')).closest('[data-kind]') as HTMLElement;
    expect(toast).toHaveAttribute('data-kind', 'success');
    expect(callsTo('/api/users/otieno_dev/follow', 'POST')).toHaveLength(1);
    expect(within(people).getByRole('button', { name: 'Following Brian Otieno' })).toBeInTheDocument();

    await user.click(within(toast).getByRole('button', { name: 'Undo' }));

    await vi.waitFor(() => expect(callsTo('/api/users/otieno_dev/follow', 'DELETE')).toHaveLength(1));
    expect(await within(people).findByRole('button', { name: 'Follow Brian Otieno' })).toBeEnabled();
    expect(screen.queryByText('You followed this item')).not.toBeInTheDocument();
  });

  it('says Failed to follow when the follow fails', async () => {
    const user = userEvent.setup();
    serve({}, { follow: failure });
    await renderDiscover();

    await user.click(
      within(section('People to Connect')).getByRole('button', { name: 'Follow Brian Otieno' }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to follow');
    expect(
      within(section('People to Connect')).getByRole('button', { name: 'Follow Brian Otieno' }),
    ).toBeEnabled();
  });

  it('keeps a shown post’s like count live (likeUpdated)', async () => {
    serve();
    await renderDiscover();
    expect(within(section('Posts')).getByText('3 likes')).toBeInTheDocument();

    emitRealtime('likeUpdated', { type: 'post', id: 77, likes: 9 });

    expect(await within(section('Posts')).findByText('9 likes')).toBeInTheDocument();
  });

  it('tells the server which posts it shows, so only their like events come (docs/web-performance.md)', async () => {
    const sockets: FakeSocket[] = [];
    setSocketFactory(fakeSocketFactory(sockets));
    try {
      serve();
      await renderDiscover();
      await vi.waitFor(() => expect(sockets).toHaveLength(1));
      const sent = vi.spyOn(sockets[0]!, 'emit');
      act(() => sockets[0]!.accept());
      expect(sent).toHaveBeenCalledWith('watchPosts', [77]);
    } finally {
      setSocketFactory(fakeSocketFactory());
    }
  });
});

describe('DiscoverPage county (docs/features/phones-and-places.md)', () => {
  it('narrows People to Connect, Jobs and Hiring to the chosen county, kept in the address', async () => {
    const user = userEvent.setup();
    serve();
    await renderDiscover('/explore?county=Kisumu');

    const county = screen.getByLabelText('County');
    expect(county).toHaveValue('Kisumu');
    expect(within(county).getAllByRole('option')).toHaveLength(48);
    expect(screen.getByText('A county narrows People to Connect, Jobs and Hiring.')).toBeInTheDocument();
    await vi.waitFor(() => {
      for (const path of ['/api/users/suggestions', '/api/jobs', '/api/hiring/explore']) {
        expect(callsTo(path).at(-1)?.searchParams.get('county'), path).toBe('Kisumu');
      }
    });
    // Lists without places are not narrowed.
    for (const path of ['/api/topics/explore', '/api/bids', '/api/posts', '/api/videos/short']) {
      expect(
        callsTo(path).every((url) => !url.searchParams.has('county')),
        path,
      ).toBe(true);
    }

    await user.selectOptions(county, "Murang'a");
    await vi.waitFor(() => expect(callsTo('/api/jobs').at(-1)?.searchParams.get('county')).toBe("Murang'a"));
    expect(callsTo('/api/hiring/explore').at(-1)?.searchParams.get('county')).toBe("Murang'a");

    await user.selectOptions(county, 'All counties');
    await vi.waitFor(() => expect(callsTo('/api/jobs').at(-1)?.searchParams.has('county')).toBe(false));
    expect(
      screen.queryByText('A county narrows People to Connect, Jobs and Hiring.'),
    ).not.toBeInTheDocument();
  });
});
