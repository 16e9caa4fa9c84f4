import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonResponse, makeUser, type Routes } from '../../test/auth';
import { makeBid, makeJob, makePost } from '../../test/content';
import { renderWithProviders } from '../../test/render';
import { setScreenWidth } from '../../test/screen';
import { FeedPage } from './feed-page';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const fetchMock = stubFetchForEachTest({
  withAuth: true,
  signedIn: makeUser({ id: 42, name: 'Wanjiku Kamau' }),
});

const at = (hour: number) => `2025-05-01T${String(hour).padStart(2, '0')}:00:00.000Z`;

function renderFeed(path = '/feed', answers: Routes = {}) {
  fetchMock.mockImplementation(
    fakeFetch({
      'GET /api/posts?limit=10': jsonResponse([
        makePost({ content: 'Post from ten', created_at: at(10) }),
        makePost({ content: 'Post from seven', created_at: at(7) }),
      ]),
      'GET /api/jobs?limit=10': jsonResponse([makeJob({ title: 'Job from nine', created_at: at(9) })]),
      'GET /api/bids?limit=10': jsonResponse([makeBid({ job_title: 'Bid from eight', created_at: at(8) })]),
      ...answers,
    }),
  );
  return renderWithProviders([{ path: '/feed', element: <FeedPage /> }], { path });
}

const titles = ['Post from ten', 'Job from nine', 'Bid from eight', 'Post from seven', 'Post from six'];

/** Which card is which, in the order shown. */
const cardTitles = () =>
  within(screen.getByRole('region', { name: 'Posts, jobs and bids' }))
    .getAllByRole('article')
    .map((card) => titles.find((title) => card.textContent?.includes(title)));

describe('FeedPage', () => {
  it('shows posts, jobs and bids together, newest first', async () => {
    renderFeed();

    await screen.findByText('Post from seven');
    expect(cardTitles()).toEqual(['Post from ten', 'Job from nine', 'Bid from eight', 'Post from seven']);
  });

  it('shows one kind at a time', async () => {
    const user = userEvent.setup();
    renderFeed();
    await screen.findByText('Post from seven');

    await user.click(screen.getByRole('button', { name: 'Jobs' }));

    expect(cardTitles()).toEqual(['Job from nine']);
    expect(screen.getByRole('button', { name: 'Jobs' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('filters what is loaded with the local search box, without asking the server', async () => {
    const user = userEvent.setup();
    renderFeed();
    await screen.findByText('Post from seven');
    const calls = fetchMock.mock.calls.length;

    await user.type(screen.getByLabelText('Search what is loaded'), 'bid');

    expect(cardTitles()).toEqual(['Bid from eight']);
    await user.clear(screen.getByLabelText('Search what is loaded'));
    await user.type(screen.getByLabelText('Search what is loaded'), 'nothing like this');
    expect(screen.getByText('No results found')).toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('says so honestly when there is nothing yet', async () => {
    renderFeed('/feed', {
      'GET /api/posts?limit=10': jsonResponse([]),
      'GET /api/jobs?limit=10': jsonResponse([]),
      'GET /api/bids?limit=10': jsonResponse([]),
    });

    expect(await screen.findByText('Nothing here yet. Share the first post!')).toBeInTheDocument();
  });

  it('waits for the older page of a list before showing older items of the others', async () => {
    const user = userEvent.setup();
    renderFeed('/feed', {
      'GET /api/posts?limit=10': jsonResponse(
        [makePost({ content: 'Post from ten', created_at: at(10) })],
        200,
        {
          'X-Next-Cursor': 'c2',
        },
      ),
      'GET /api/posts?limit=10&cursor=c2': jsonResponse([
        makePost({ content: 'Post from six', created_at: at(6) }),
      ]),
    });

    await screen.findByText('Post from ten');
    expect(cardTitles()).toEqual(['Post from ten']);

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await screen.findByText('Post from six');
    expect(cardTitles()).toEqual(['Post from ten', 'Job from nine', 'Bid from eight', 'Post from six']);
  });

  it('opens Quick Create for the kind in ?type=', async () => {
    const { unmount } = renderFeed('/feed?type=post');
    expect(screen.getByPlaceholderText("What's on your mind?")).toHaveFocus();
    unmount();

    renderFeed('/feed?type=bid');
    expect(screen.getByRole('tab', { name: 'Bid' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Max price')).toBeInTheDocument();
  });

  it('offers Post and Job (and Bid) tabs to create', async () => {
    const user = userEvent.setup();
    renderFeed();

    expect(screen.getByRole('tab', { name: 'Post' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Job' }));

    expect(screen.getByLabelText('Job title')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post Job' })).toBeInTheDocument();
  });

  it('on a phone renders no create form until Quick Create asks for one, and none after it closes', async () => {
    const user = userEvent.setup();
    setScreenWidth(375);
    const { router } = renderFeed();
    await screen.findByText('Post from seven');

    expect(screen.queryByRole('region', { name: 'Create' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Post' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: "What's on your mind?" })).toHaveAttribute(
      'href',
      '/feed?type=post',
    );

    await user.click(screen.getByRole('link', { name: "What's on your mind?" }));
    const panel = await screen.findByRole('region', { name: 'Create' });
    expect(within(panel).getByRole('heading', { name: 'Quick Create' })).toBeInTheDocument();
    expect(within(panel).getByPlaceholderText("What's on your mind?")).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('region', { name: 'Create' })).not.toBeInTheDocument();
  });

  it('shows the create form when the screen grows to the wide layout', async () => {
    setScreenWidth(375);
    renderFeed();
    await screen.findByText('Post from seven');
    expect(screen.queryByRole('tab', { name: 'Post' })).not.toBeInTheDocument();

    act(() => setScreenWidth(1280));

    expect(await screen.findByRole('tab', { name: 'Post' })).toHaveAttribute('aria-selected', 'true');
  });
});
