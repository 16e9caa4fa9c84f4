import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser, type Routes } from '../../test/auth';
import { makeNotification } from '../../test/notifications';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { formatDateTime } from '../../lib/time';
import { NotificationsPage } from './notifications-page';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const me = makeUser({ id: 42 });
const LIST = 'GET /api/notifications/42?limit=20';

const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: me });

function serve(routes: Routes) {
  // The bell's count (Mark all as read asks it); a test that needs another count serves its own.
  fetchMock.mockImplementation(
    fakeFetch({ 'GET /api/notifications/42/unread-count': jsonResponse({ count: 0 }), ...routes }),
  );
}

const unread = makeNotification({
  message: 'Brian Otieno (@otieno_dev) started following you',
  created_at: '2025-03-04T10:15:00.000Z',
});
const read = makeNotification({ message: 'Account Logged In successfully', type: 'success', is_read: true });

const item = (message: string) =>
  screen.getAllByTestId('notification').find((element) => element.textContent?.includes(message))!;

describe('NotificationsPage', () => {
  it('is titled Your Notifications and highlights unread items, with local times', async () => {
    serve({ [LIST]: jsonResponse([unread, read]) });
    renderWithProviders(<NotificationsPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Your Notifications' })).toBeInTheDocument();
    await screen.findByText(unread.message);
    expect(item(unread.message)).toHaveAttribute('data-unread', 'true');
    expect(item(unread.message)).toHaveClass('bg-brand-50');
    expect(within(item(unread.message)).getByText(/Unread/)).toBeInTheDocument();
    expect(item(read.message)).toHaveAttribute('data-unread', 'false');
    expect(item(read.message)).not.toHaveClass('bg-brand-50');
    // Only unread items can be marked read; every item can be deleted.
    expect(within(item(read.message)).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(within(item(read.message)).getByRole('button', { name: /^Delete/ })).toBeInTheDocument();
    expect(within(item(unread.message)).getByText(formatDateTime(unread.created_at))).toBeInTheDocument();
  });

  it('marks all as read at once, and hides the button when nothing is unread', async () => {
    const user = userEvent.setup();
    const putAll = vi.fn(() => jsonResponse({ marked: 1 }));
    serve({
      [LIST]: jsonResponse([unread, read]),
      'GET /api/notifications/42/unread-count': jsonResponse({ count: 1 }),
      'PUT /api/notifications/read-all': putAll,
    });
    renderWithProviders(<NotificationsPage />);

    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await vi.waitFor(() => expect(item(unread.message)).toHaveAttribute('data-unread', 'false'));
    expect(putAll).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('opens what a notification is about, and counts it read', async () => {
    const user = userEvent.setup();
    const linked = makeNotification({ message: 'Amina liked your post', link: '/p/12' });
    const put = vi.fn(() => jsonResponse({ ...linked, is_read: true }));
    serve({ [LIST]: jsonResponse([linked]), [`PUT /api/notifications/${linked.id}/read`]: put });
    const { router } = renderWithProviders(
      [
        { path: '/notifications', element: <NotificationsPage /> },
        { path: '/p/:id', element: <p>The post</p> },
      ],
      { path: '/notifications' },
    );

    await user.click(await screen.findByRole('link', { name: 'Amina liked your post' }));
    expect(await screen.findByText('The post')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/p/12');
    expect(put).toHaveBeenCalledTimes(1);
  });

  it('marks an item read', async () => {
    const user = userEvent.setup();
    const put = vi.fn(() => jsonResponse({ ...unread, is_read: true }));
    serve({ [LIST]: jsonResponse([unread, read]), [`PUT /api/notifications/${unread.id}/read`]: put });
    renderWithProviders(<NotificationsPage />);

    await screen.findByText(unread.message);
    await user.click(within(item(unread.message)).getByRole('button', { name: 'Mark as read' }));

    await vi.waitFor(() => expect(item(unread.message)).toHaveAttribute('data-unread', 'false'));
    expect(put).toHaveBeenCalledTimes(1);
    expect(within(item(unread.message)).queryByRole('button', { name: 'Mark as read' })).toBeNull();
  });

  it('deletes an item', async () => {
    const user = userEvent.setup();
    serve({
      [LIST]: jsonResponse([unread, read]),
      [`DELETE /api/notifications/${read.id}`]: () => new Response(null, { status: 204 }),
    });
    renderWithProviders(<NotificationsPage />);
    await screen.findByText(read.message);

    await user.click(within(item(read.message)).getByRole('button', { name: /^Delete/ }));

    await vi.waitFor(() => expect(screen.queryByText(read.message)).not.toBeInTheDocument());
    expect(screen.getByText(unread.message)).toBeInTheDocument();
  });

  it('says Failed to mark as read and Failed to delete notification when those fail', async () => {
    const user = userEvent.setup();
    const failure = () => errorResponse(500, 'INTERNAL', 'Oops');
    serve({
      [LIST]: jsonResponse([unread]),
      [`PUT /api/notifications/${unread.id}/read`]: failure,
      [`DELETE /api/notifications/${unread.id}`]: failure,
    });
    renderWithProviders(<NotificationsPage />);
    await screen.findByText(unread.message);

    await user.click(within(item(unread.message)).getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to mark as read');
    expect(item(unread.message)).toHaveAttribute('data-unread', 'true');

    await user.click(within(item(unread.message)).getByRole('button', { name: /^Delete/ }));
    await vi.waitFor(() =>
      expect(screen.getAllByRole('alert').map((toast) => toast.textContent)).toContain(
        'Failed to delete notification',
      ),
    );
    expect(screen.getByText(unread.message)).toBeInTheDocument();
  });

  it('says Failed to load notifications, with a retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    serve({
      [LIST]: () => (++calls === 1 ? errorResponse(500, 'INTERNAL', 'Oops') : jsonResponse([unread])),
    });
    renderWithProviders(<NotificationsPage />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load notifications');
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText(unread.message)).toBeInTheDocument();
  });

  it('says nothing when the load is cancelled', async () => {
    const queryClient = createTestQueryClient();
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
        }),
    );
    renderWithProviders(<NotificationsPage />, { queryClient });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());

    await queryClient.cancelQueries();
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('loads older notifications a keyset page at a time', async () => {
    const user = userEvent.setup();
    const older = makeNotification({ message: 'An older note', is_read: true });
    serve({
      [LIST]: jsonResponse([unread], 200, { 'X-Next-Cursor': 'c1' }),
      'GET /api/notifications/42?limit=20&cursor=c1': jsonResponse([older]),
    });
    renderWithProviders(<NotificationsPage />);
    await screen.findByText(unread.message);

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('An older note')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when there is nothing', async () => {
    serve({ [LIST]: jsonResponse([]) });
    renderWithProviders(<NotificationsPage />);

    expect(await screen.findByText('You have no notifications yet.')).toBeInTheDocument();
  });
});
