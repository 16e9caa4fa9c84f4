import type { ConversationDto, MessageDto } from '@jamii/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSocketFactory } from '../../lib/realtime';
import { errorResponse, fakeFetch, jsonResponse, makeUser, type Routes } from '../../test/auth';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { emitRealtime, fakeSocketFactory } from '../../test/realtime';
import { renderWithProviders } from '../../test/render';
import { flushOutbox, memoryStorage, pendingEntries, setOutboxStorage } from '../../lib/offline/outbox';
import { ConversationsPage } from './conversations-page';
import { ThreadPage } from './thread-page';
import { useMessageEvents } from './use-message-events';

const me = makeUser({ id: 42, username: '@me_here', name: 'Mimi Mwenyewe' });
const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: me });

beforeEach(() => setSocketFactory(fakeSocketFactory()));
afterEach(() => setSocketFactory(null));

let nextId = 1;
function makeMessage(overrides: Partial<MessageDto> = {}): MessageDto {
  const id = overrides.id ?? nextId++;
  return {
    id,
    conversation_id: 7,
    sender_id: 9,
    body: `Message ${id}`,
    created_at: '2026-11-20T09:00:00.000Z',
    risk: { level: 'none', reasons: [] },
    client_id: null,
    ...overrides,
  };
}

const conversation: ConversationDto = {
  id: 7,
  other: { id: 9, username: '@otieno', name: 'Otieno Fundi', profile_pic: null },
  last_message: null,
  unread: 0,
  updated_at: '2026-11-20T09:00:00.000Z',
  context: { type: 'job', id: 3 },
};

function serve(routes: Routes) {
  fetchMock.mockImplementation(fakeFetch(routes));
}

function Screen() {
  useMessageEvents();
  return <ThreadPage conversationId={7} />;
}

const baseRoutes = (messages: MessageDto[], extra: Routes = {}): Routes => ({
  'GET /api/conversations/7': jsonResponse(conversation),
  'GET /api/conversations/7/messages?limit=30': jsonResponse(messages),
  'POST /api/conversations/7/read': () => jsonResponse({ ...conversation, unread: 0 }),
  'GET /api/conversations/unread-count': () => jsonResponse({ count: 0 }),
  ...extra,
});

describe('ThreadPage', () => {
  it('shows the thread oldest first, with the other member, the context, and marks it read', async () => {
    const reads: number[] = [];
    serve(
      baseRoutes([makeMessage({ body: 'Newest' }), makeMessage({ body: 'Oldest', sender_id: 42 })], {
        'POST /api/conversations/7/read': () => {
          reads.push(7);
          return jsonResponse({ ...conversation, unread: 0 });
        },
      }),
    );
    renderWithProviders(<Screen />);
    expect(await screen.findByRole('heading', { name: 'Otieno Fundi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'About a job' })).toHaveAttribute('href', '/explore/jobs/3');
    const log = screen.getByRole('log', { name: 'Messages in this conversation' });
    const bubbles = await within(log).findAllByTestId('message');
    expect(bubbles.map((b) => b.textContent)).toEqual([
      expect.stringContaining('Oldest'),
      expect.stringContaining('Newest'),
    ]);
    expect(bubbles[0]).toHaveAttribute('data-mine', 'true');
    await waitFor(() => expect(reads).toEqual([7]));
  });

  it('sends with Enter (Shift+Enter is a new line), at once on screen, with a client_id', async () => {
    const user = userEvent.setup();
    const sent: { body: string; client_id: string }[] = [];
    serve(
      baseRoutes([], {
        'POST /api/conversations/7/messages': (init) => {
          const payload = JSON.parse(String(init?.body)) as { body: string; client_id: string };
          sent.push(payload);
          return jsonResponse(
            makeMessage({ sender_id: 42, body: payload.body, client_id: payload.client_id }),
            201,
          );
        },
      }),
    );
    renderWithProviders(<Screen />);
    const box = await screen.findByRole('textbox', { name: 'Write a message' });
    await user.type(box, 'Habari{Shift>}{Enter}{/Shift}yako?{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toBe('Habari\nyako?');
    expect(sent[0]!.client_id).toMatch(/.{8,}/);
    expect(box).toHaveValue('');
    const bubble = await screen.findByText(/Habari/);
    expect(bubble.closest('li')).toHaveAttribute('data-state', 'sent');
    expect(screen.getAllByTestId('message')).toHaveLength(1);
  });

  it('keeps a failed send on screen with Try again, which resends the same client_id', async () => {
    const user = userEvent.setup();
    const clientIds: string[] = [];
    let fail = true;
    serve(
      baseRoutes([], {
        'POST /api/conversations/7/messages': (init) => {
          const payload = JSON.parse(String(init?.body)) as { body: string; client_id: string };
          clientIds.push(payload.client_id);
          if (fail) return errorResponse(500, 'INTERNAL', 'Something went wrong');
          return jsonResponse(
            makeMessage({ sender_id: 42, body: payload.body, client_id: payload.client_id }),
            201,
          );
        },
      }),
    );
    renderWithProviders(<Screen />);
    await user.type(
      await screen.findByRole('textbox', { name: 'Write a message' }),
      'Nitafika saa nne{Enter}',
    );
    expect(await screen.findByText('Not sent.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText('Not sent.')).not.toBeInTheDocument());
    expect(clientIds).toHaveLength(2);
    expect(clientIds[1]).toBe(clientIds[0]);
    expect(screen.getAllByTestId('message')).toHaveLength(1);
  });

  it('offline: keeps the message on the phone as Waiting to send, and sends it once when the connection returns', async () => {
    setOutboxStorage(memoryStorage());
    const user = userEvent.setup();
    const sent: string[] = [];
    serve(
      baseRoutes([], {
        'POST /api/conversations/7/messages': (init) => {
          const payload = JSON.parse(String(init?.body)) as { body: string; client_id: string };
          sent.push(payload.client_id);
          return jsonResponse(
            makeMessage({ sender_id: 42, body: payload.body, client_id: payload.client_id }),
            201,
          );
        },
      }),
    );
    renderWithProviders(<Screen />);
    const box = await screen.findByRole('textbox', { name: 'Write a message' });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.type(box, 'Nitafika saa nne{Enter}');

    expect(await screen.findByText('Waiting to send')).toBeInTheDocument();
    expect(screen.queryByText('Not sent.')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
    const [kept] = await pendingEntries(42);
    expect(kept).toMatchObject({ kind: 'message', path: '/api/conversations/7/messages' });

    onLine.mockRestore();
    await act(() => flushOutbox(42));
    await waitFor(() => expect(screen.queryByText('Waiting to send')).not.toBeInTheDocument());
    expect(sent).toHaveLength(1);
    expect(screen.getAllByTestId('message')).toHaveLength(1);
    expect(screen.getByText('Nitafika saa nne')).toBeInTheDocument();
  });

  it('says why when the server refuses a message (a blocked pair)', async () => {
    const user = userEvent.setup();
    serve(
      baseRoutes([], {
        'POST /api/conversations/7/messages': () =>
          errorResponse(403, 'FORBIDDEN', 'You cannot message this member'),
      }),
    );
    renderWithProviders(<Screen />);
    await user.type(await screen.findByRole('textbox', { name: 'Write a message' }), 'Habari{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot message this member');
  });

  it('takes live messages in and marks them read while the thread is open', async () => {
    let reads = 0;
    serve(
      baseRoutes([makeMessage({ id: 100, body: 'Kwanza' })], {
        'POST /api/conversations/7/read': () => {
          reads++;
          return jsonResponse({ ...conversation, unread: 0 });
        },
      }),
    );
    renderWithProviders(<Screen />);
    await screen.findByText('Kwanza');
    await waitFor(() => expect(reads).toBe(1));
    emitRealtime('message', {
      conversation_id: 7,
      message: makeMessage({ id: 101, body: 'Live from Otieno' }),
    });
    expect(await screen.findByText('Live from Otieno')).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(2));
    // The same message again (the other tab's echo) is not shown twice.
    emitRealtime('message', {
      conversation_id: 7,
      message: makeMessage({ id: 101, body: 'Live from Otieno' }),
    });
    expect(screen.getAllByText('Live from Otieno')).toHaveLength(1);
  });

  it('waits for a background tab to come back before marking new messages read', async () => {
    let reads = 0;
    serve(
      baseRoutes([makeMessage({ id: 200, body: 'Mapema' })], {
        'POST /api/conversations/7/read': () => {
          reads++;
          return jsonResponse({ ...conversation, unread: 0 });
        },
      }),
    );
    renderWithProviders(<Screen />);
    await waitFor(() => expect(reads).toBe(1));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    emitRealtime('message', { conversation_id: 7, message: makeMessage({ id: 201, body: 'Ukiwa mbali' }) });
    expect(await screen.findByText('Ukiwa mbali')).toBeInTheDocument();
    expect(reads).toBe(1);
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(reads).toBe(2));
    visibility.mockRestore();
  });

  it('warns the recipient, not the sender, about a message asking for money; numbers and names are links', async () => {
    serve(
      baseRoutes([
        makeMessage({
          body: 'Send the fee to 0712 345 678 first, ask @baraka',
          risk: { level: 'caution', reasons: ['upfront_fee'] },
        }),
        makeMessage({
          sender_id: 42,
          body: 'Pay 500 to 0712 000 000',
          risk: { level: 'caution', reasons: ['mpesa_number'] },
        }),
      ]),
    );
    renderWithProviders(<Screen />);
    const warnings = await screen.findAllByTestId('message-risk');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toHaveTextContent('It asks for money before any work');
    expect(screen.getByRole('link', { name: '0712 345 678' })).toHaveAttribute('href', 'tel:+254712345678');
    expect(screen.getByRole('link', { name: '@baraka' })).toHaveAttribute('href', '/user/baraka');
  });

  it('says so when the conversation is not one of mine', async () => {
    serve({
      'GET /api/conversations/7': errorResponse(404, 'NOT_FOUND', 'Conversation not found'),
      'GET /api/conversations/7/messages?limit=30': errorResponse(404, 'NOT_FOUND', 'Conversation not found'),
    });
    renderWithProviders(<Screen />);
    expect(
      await screen.findByRole('heading', { name: 'This conversation does not exist.' }),
    ).toBeInTheDocument();
  });
});

describe('ConversationsPage', () => {
  it('lists conversations with the other member, the last message and an unread dot', async () => {
    serve({
      'GET /api/conversations?limit=20': jsonResponse([
        { ...conversation, unread: 2, last_message: makeMessage({ body: 'Uko tayari?' }) },
        {
          ...conversation,
          id: 8,
          other: { id: 10, username: '@amina', name: 'Amina Hassan', profile_pic: null },
          last_message: makeMessage({ conversation_id: 8, sender_id: 42, body: 'Asante sana' }),
        },
      ]),
    });
    renderWithProviders(<ConversationsPage />);
    const rows = await screen.findAllByTestId('conversation');
    expect(rows[0]).toHaveAttribute('data-unread', 'true');
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/messages/7');
    expect(rows[0]).toHaveTextContent('Otieno Fundi');
    expect(rows[0]).toHaveTextContent('Uko tayari?');
    expect(rows[0]).toHaveTextContent('2 unread');
    expect(rows[1]).toHaveAttribute('data-unread', 'false');
    expect(rows[1]).toHaveTextContent('You: Asante sana');
  });

  it('shows an empty state', async () => {
    serve({ 'GET /api/conversations?limit=20': jsonResponse([]) });
    renderWithProviders(<ConversationsPage />);
    expect(await screen.findByText(/No messages yet\. Start a conversation/)).toBeInTheDocument();
  });
});
