import type { ProfileDto } from '@jamii/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/auth';
import { makePerson } from '../../test/people';
import { renderWithProviders } from '../../test/render';
import { Component as ProfileRoute } from './profile';
import { Component as UserRoute } from './user';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const me = makeUser({ id: 42, username: '@wanjiku_k', name: 'Wanjiku Kamau' });
const brian: ProfileDto = {
  ...makeUser({ id: 7, username: '@otieno_dev', name: 'Brian Otieno', location: 'Kisumu' }),
  followers_count: 10,
  following_count: 3,
  followed_by_me: false,
};
const myProfile: ProfileDto = { ...me, followers_count: 5, following_count: 8, followed_by_me: false };

type Handler = (init: RequestInit | undefined, url: URL) => Response;

/** A server by method and path (any query string); other lists answer empty. */
function serve(handlers: Record<string, Handler>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = handlers[key];
    if (handler) return handler(init, url);
    if ((init?.method ?? 'GET') === 'GET') return jsonResponse([]);
    throw new Error(`unexpected call: ${key}`);
  });
}

const routes: RouteObject[] = [
  { path: '/user/:username', Component: UserRoute },
  { path: '/profile/:userId', Component: ProfileRoute },
];

const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: me });

describe('a member’s profile and follows', () => {
  it('shows the counts, follows and unfollows, with the counts from the answers', async () => {
    const user = userEvent.setup();
    serve({
      'GET /api/users/otieno_dev': () => jsonResponse(brian),
      'POST /api/users/otieno_dev/follow': () =>
        jsonResponse({ following: true, followers_count: 11, following_count: 3 }),
      'DELETE /api/users/otieno_dev/follow': () =>
        jsonResponse({ following: false, followers_count: 10, following_count: 3 }),
    });
    renderWithProviders(routes, { path: '/user/otieno_dev' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Brian Otieno' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '10 Followers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '3 Following' })).toBeInTheDocument();
    // The profile's own answer had the counts: they were not asked for twice.
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === '/api/users/otieno_dev')).toHaveLength(
      1,
    );

    await user.click(screen.getByRole('button', { name: 'Follow Brian Otieno' }));

    expect(await screen.findByText('You followed this item')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Following Brian Otieno' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '11 Followers' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Following Brian Otieno' }));

    expect(await screen.findByRole('button', { name: 'Follow Brian Otieno' })).toBeEnabled();
    expect(screen.getByRole('link', { name: '10 Followers' })).toBeInTheDocument();
  });

  it('says 1 Follower, not 1 Followers', async () => {
    serve({ 'GET /api/users/otieno_dev': () => jsonResponse({ ...brian, followers_count: 1 }) });
    renderWithProviders(routes, { path: '/user/otieno_dev' });
    expect(await screen.findByRole('link', { name: '1 Follower' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '1 Followers' })).not.toBeInTheDocument();
  });

  it('opens the followers and following lists from the counts', async () => {
    const user = userEvent.setup();
    const amina = makePerson({
      id: 8,
      username: '@amina_hassan',
      name: 'Amina Hassan',
      followed_by_me: true,
    });
    const me_ = makePerson({ id: 42, username: '@wanjiku_k', name: 'Wanjiku Kamau' });
    serve({
      'GET /api/users/otieno_dev': () => jsonResponse(brian),
      'GET /api/users/otieno_dev/followers': () => jsonResponse([amina, me_]),
      'GET /api/users/otieno_dev/following': () => jsonResponse([]),
    });
    const { router } = renderWithProviders(routes, { path: '/user/otieno_dev' });
    await screen.findByRole('heading', { level: 1, name: 'Brian Otieno' });

    await user.click(screen.getByRole('link', { name: '10 Followers' }));

    expect(router.state.location.search).toBe('?tab=followers');
    const list = await screen.findByRole('region', { name: 'People following Brian Otieno' });
    const rows = await within(list).findAllByTestId('person-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('button', { name: 'Following Amina Hassan' })).toBeInTheDocument();
    // One's own row has no Follow button.
    expect(within(rows[1]!).getByText('You')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: '3 Following' }));

    expect(await screen.findByText('Not following anyone yet.')).toBeInTheDocument();
  });

  it('shows one’s own counts without a Follow button, and the notification tab first', async () => {
    serve({
      'GET /api/users/wanjiku_k': () => jsonResponse(myProfile),
      'GET /api/notifications/42': () => jsonResponse([]),
    });
    renderWithProviders(routes, { path: '/profile/me' });

    expect(await screen.findByRole('link', { name: '5 Followers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '8 Following' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Profile sections' })).getAllByRole('tab');
    expect(tabs[0]).toHaveTextContent('Notifications');
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('You have no notifications yet.')).toBeInTheDocument();
  });
});
