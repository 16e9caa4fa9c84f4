import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonResponse, makeUser, storeSignedIn, type Routes } from '../../test/auth';
import { makeBid, makeJob, makePost } from '../../test/content';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { FeedPage } from './feed-page';

const me = makeUser({ id: 42, name: 'Wanjiku Kamau', username: '@wanjiku_k' });
const fetchMock = stubFetchForEachTest({ withAuth: true });

const profile = (following: number) =>
  jsonResponse({ ...me, followers_count: 0, following_count: following, followed_by_me: false });

function renderFeed({
  path = '/feed',
  following = 0,
  routes = {},
}: { path?: string; following?: number; routes?: Routes } = {}) {
  fetchMock.mockImplementation(
    fakeFetch({
      'GET /api/users/wanjiku_k': profile(following),
      'GET /api/posts?limit=10': jsonResponse([makePost({ content: 'A post from everyone' })]),
      'GET /api/posts?limit=10&feed=following': jsonResponse([makePost({ content: 'A post from a friend' })]),
      'GET /api/jobs?limit=10': jsonResponse([makeJob({ title: 'A job for all' })]),
      'GET /api/bids?limit=10': jsonResponse([makeBid({ job_title: 'A bid for all' })]),
      ...routes,
    }),
  );
  return renderWithProviders([{ path: '/feed', element: <FeedPage /> }], { path });
}

const switchTabs = () => screen.getByRole('tablist', { name: 'Whose posts' });
const tab = (name: string) => within(switchTabs()).getByRole('tab', { name });

describe('the Following / All switch on the feed', () => {
  it('opens on All while the member follows fewer than five people', async () => {
    storeSignedIn(me);
    renderFeed({ following: 4 });
    expect(await screen.findByText('A post from everyone')).toBeInTheDocument();
    expect(tab('All')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Following')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByText('A job for all')).toBeInTheDocument();
  });

  it('opens on Following once the member follows five, with posts only', async () => {
    storeSignedIn(me);
    renderFeed({ following: 5 });
    expect(await screen.findByText('A post from a friend')).toBeInTheDocument();
    expect(tab('Following')).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText('A post from everyone')).not.toBeInTheDocument();
    expect(screen.queryByText('A job for all')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Show in the feed' })).not.toBeInTheDocument();
  });

  it('keeps the choice in the address (?feed=), whatever the default', async () => {
    const user = userEvent.setup();
    storeSignedIn(me);
    const { router } = renderFeed({ path: '/feed?feed=all', following: 9 });
    expect(await screen.findByText('A post from everyone')).toBeInTheDocument();
    expect(tab('All')).toHaveAttribute('aria-selected', 'true');

    await user.click(tab('Following'));

    expect(await screen.findByText('A post from a friend')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?feed=following');
    expect(tab('Following')).toHaveAttribute('aria-selected', 'true');
  });

  it('says when the followed people have not posted, with a way to find people', async () => {
    storeSignedIn(me);
    renderFeed({
      path: '/feed?feed=following',
      routes: { 'GET /api/posts?limit=10&feed=following': jsonResponse([]) },
    });
    expect(await screen.findByText('No posts yet from the people you follow.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find people to follow' })).toHaveAttribute(
      'href',
      '/explore/users',
    );
  });

  it('is not offered to a visitor', async () => {
    renderFeed();
    expect(await screen.findByText('A post from everyone')).toBeInTheDocument();
    expect(screen.queryByRole('tablist', { name: 'Whose posts' })).not.toBeInTheDocument();
  });
});
