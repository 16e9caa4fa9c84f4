import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSocketFactory } from '../../lib/realtime';
import { fakeFetch, jsonResponse, makeUser } from '../../test/auth';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { emitRealtime, fakeSocketFactory } from '../../test/realtime';
import { renderWithProviders } from '../../test/render';
import { MessagesNavLink, MessagesTopLink } from './messages-nav';
import { useMessageEvents } from './use-message-events';

const me = makeUser({ id: 42 });
const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: me });
beforeEach(() => setSocketFactory(fakeSocketFactory()));
afterEach(() => setSocketFactory(null));

function Nav() {
  useMessageEvents();
  return (
    <>
      <MessagesTopLink />
      <MessagesNavLink className={() => 'nav'} />
    </>
  );
}

describe('Messages in the navigation', () => {
  it('shows the unread count and reads it again when a message arrives', async () => {
    let count = 2;
    fetchMock.mockImplementation(
      fakeFetch({ 'GET /api/conversations/unread-count': () => jsonResponse({ count }) }),
    );
    renderWithProviders(<Nav />);
    const links = await screen.findAllByRole('link', { name: /Messages, 2 unread|Chats, 2 unread/ });
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', '/messages');
    expect(screen.getAllByTestId('messages-badge')[0]).toHaveTextContent('2');

    count = 3;
    emitRealtime('message', {
      conversation_id: 7,
      message: {
        id: 1,
        conversation_id: 7,
        sender_id: 9,
        body: 'Habari',
        created_at: '2026-11-20T09:00:00.000Z',
        risk: { level: 'none', reasons: [] },
        client_id: null,
      },
    });
    await waitFor(() => expect(screen.getAllByTestId('messages-badge')[0]).toHaveTextContent('3'));
  });

  it('shows no badge without unread messages', async () => {
    fetchMock.mockImplementation(
      fakeFetch({ 'GET /api/conversations/unread-count': jsonResponse({ count: 0 }) }),
    );
    renderWithProviders(<Nav />);
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByTestId('messages-badge')).not.toBeInTheDocument();
  });
});
