import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth';
import { errorResponse, fakeFetch, jsonResponse, makeUser, type Routes } from '../../test/auth';
import { makeNotification } from '../../test/notifications';
import { renderWithProviders } from '../../test/render';
import { NotificationBell, NotificationsNavLink } from './notification-bell';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const me = makeUser({ id: 42 });

const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: me });

afterEach(() => {
  vi.restoreAllMocks();
});

function serve(routes: Routes) {
  fetchMock.mockImplementation(fakeFetch(routes));
}

const latest = Array.from({ length: 10 }, (_, index) =>
  makeNotification({ message: `Note ${index + 1}`, is_read: index >= 2 }),
);

describe('NotificationBell', () => {
  it('shows the unread count, and opens a scrolling dropdown of the latest with a link to the page', async () => {
    const user = userEvent.setup();
    serve({
      'GET /api/notifications/42/unread-count': jsonResponse({ count: 2 }),
      'GET /api/notifications/42?limit=10': jsonResponse(latest),
    });
    renderWithProviders(<NotificationBell />);

    const button = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(button).getByTestId('unread-badge')).toHaveTextContent('2');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);

    expect(button).toHaveAttribute('aria-expanded', 'true');
    const dropdown = screen.getByRole('region', { name: 'Notifications' });
    const items = await within(dropdown).findAllByTestId('notification');
    expect(items).toHaveLength(10);
    expect(items[0]).toHaveAttribute('data-unread', 'true');
    expect(items[2]).toHaveAttribute('data-unread', 'false');
    // the specified screens: a maximum height of about 96 units, scrolling.
    expect(screen.getByTestId('bell-dropdown-list')).toHaveClass('max-h-96', 'overflow-y-auto');
    expect(within(dropdown).getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('caps the badge at 99+, and shows no badge without unread notifications', async () => {
    serve({ 'GET /api/notifications/42/unread-count': jsonResponse({ count: 150 }) });
    const { unmount } = renderWithProviders(<NotificationBell />);
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('99+');
    unmount();

    serve({ 'GET /api/notifications/42/unread-count': jsonResponse({ count: 0 }) });
    renderWithProviders(<NotificationBell />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('counts 0 when the unread count cannot be loaded (the specified error texts), and only logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve({
      'GET /api/notifications/42/unread-count': errorResponse(500, 'INTERNAL', 'Oops'),
    });
    renderWithProviders(<NotificationBell />);

    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for nothing without a signed-in member', () => {
    localStorage.clear();
    authStore.reset();
    renderWithProviders(<NotificationBell />);

    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('NotificationsNavLink (small screens)', () => {
  it('links to /notifications with the count', async () => {
    serve({ 'GET /api/notifications/42/unread-count': jsonResponse({ count: 4 }) });
    renderWithProviders(<NotificationsNavLink className={() => 'nav-item'} />);

    const link = await screen.findByRole('link', { name: 'Alerts, 4 unread' });
    expect(link).toHaveAttribute('href', '/notifications');
    expect(within(link).getByTestId('unread-badge')).toHaveTextContent('4');
  });
});
