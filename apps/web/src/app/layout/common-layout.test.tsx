import { TOKEN_STORAGE_KEY } from '@jamii/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeFetch, jsonResponse, makeUser } from '../../test/auth';
import { notificationRoutes } from '../../test/notifications';
import { renderWithProviders } from '../../test/render';
import { RequireAuth } from '../guards';
import { CommonLayout } from './common-layout';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const member = makeUser({ id: 42, name: 'Wanjiku Kamau' });

const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: member });

beforeEach(() => {
  fetchMock.mockImplementation(
    fakeFetch({
      'GET /api/me': jsonResponse(member),
      'POST /api/logout': new Response(null, { status: 204 }),
      ...notificationRoutes(42, { count: 3 }),
    }),
  );
});

const routes: RouteObject[] = [
  {
    element: <RequireAuth />,
    children: [
      {
        element: <CommonLayout />,
        children: [
          { path: '/profile/:id', element: <p>Profile page</p> },
          { path: '/explore', element: <p>Explore page</p> },
          { path: '/feed', element: <p>Feed page</p> },
        ],
      },
    ],
  },
  { path: '/login', element: <p>Login page</p> },
];

async function renderLayout(path = '/profile/me') {
  const result = renderWithProviders(routes, { path });
  await screen.findByText(/page$/);
  return result;
}

describe('CommonLayout top bar', () => {
  it('has the notifications bell before the user menu, with the unread count', async () => {
    await renderLayout();
    const topBar = screen.getByRole('banner');

    expect(
      await within(topBar).findByRole('button', { name: 'Notifications, 3 unread' }),
    ).toBeInTheDocument();
  });

  it('links the logo to /feed and searches through /explore?search=', async () => {
    const user = userEvent.setup();
    const { router } = await renderLayout();
    const topBar = screen.getByRole('banner');

    expect(within(topBar).getByRole('link', { name: 'Jamii' })).toHaveAttribute('href', '/feed');
    await user.type(within(topBar).getByRole('searchbox', { name: 'Search' }), '  mama mboga {Enter}');

    expect(await screen.findByText('Explore page')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/explore?search=mama%20mboga',
    );
  });

  it('has a user menu with Profile (by id) and Logout', async () => {
    const user = userEvent.setup();
    await renderLayout('/feed');

    const topBar = screen.getByRole('banner');
    await user.click(within(topBar).getByRole('button', { name: /Account menu/ }));

    expect(within(topBar).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile/42');
    expect(within(topBar).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('asks "Are you sure? You will be logged out!" and stays on Cancel', async () => {
    const user = userEvent.setup();
    const { router } = await renderLayout('/feed');

    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    const dialog = screen.getByRole('dialog', { name: 'Are you sure? You will be logged out!' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/feed');
    expect(fetchMock).not.toHaveBeenCalledWith('/api/logout', expect.anything());
  });

  it('logs out and goes to /login once confirmed', async () => {
    const user = userEvent.setup();
    const { router } = await renderLayout('/feed');

    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Are you sure? You will be logged out!' })).getByRole(
        'button',
        { name: 'Logout' },
      ),
    );

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    // Logging out on purpose does not remember the page to come back to.
    expect(router.state.location.state).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST' }));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('CommonLayout bottom nav', () => {
  it('has feed, explore, a plus button, jobs and profile (me)', async () => {
    await renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Main' });

    expect(within(nav).getByRole('link', { name: 'Feed' })).toHaveAttribute('href', '/feed');
    expect(within(nav).getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore');
    expect(within(nav).getByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/jobs');
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile/me');
    expect(nav).toHaveClass('md:hidden');
  });

  it('has the notifications bell as Alerts, with the unread count, linking to /notifications', async () => {
    await renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Main' });

    expect(await within(nav).findByRole('link', { name: 'Alerts, 3 unread' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('opens Quick Create with Post, Job and Bid on the feed', async () => {
    const user = userEvent.setup();
    const { router } = await renderLayout();

    await user.click(screen.getByRole('button', { name: 'Create' }));
    const sheet = screen.getByRole('dialog', { name: 'Quick Create' });
    expect(within(sheet).getByRole('link', { name: /^Post/ })).toHaveAttribute('href', '/feed?type=post');
    expect(within(sheet).getByRole('link', { name: /^Job/ })).toHaveAttribute('href', '/feed?type=job');
    await user.click(within(sheet).getByRole('link', { name: /^Bid/ }));

    expect(await screen.findByText('Feed page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?type=bid');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes Quick Create with Back instead of leaving the page (docs/web-performance.md)', async () => {
    const user = userEvent.setup();
    const { router } = await renderLayout('/profile/me');

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('dialog', { name: 'Quick Create' })).toBeInTheDocument();
    // The phone's Back button: one step back in the history.
    await act(() => router.navigate(-1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/me');
    expect(screen.getByText('Profile page')).toBeInTheDocument();

    // Its Close button takes its history entry away again, so nothing is left to go Back to.
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Quick Create' })).getByRole('button', { name: 'Close' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/me');
    expect(router.state.location.state).toBeNull();
  });
});
