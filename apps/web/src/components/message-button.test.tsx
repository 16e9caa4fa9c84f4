import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser } from '../test/auth';
import { stubFetchForEachTest } from '../test/fetch-stub';
import { renderWithProviders } from '../test/render';
import { MessageButton } from './message-button';

const me = makeUser({ id: 42, username: '@mimi_hapa' });
const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: me });

function renderAt(element: ReactElement) {
  return renderWithProviders([
    { path: '/', element },
    { path: '/messages/:id', element: <p>Thread page</p> },
  ]);
}

describe('MessageButton', () => {
  it('opens the conversation with the member and its context, then goes to it', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/conversations': (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse({ id: 77 }, 201);
        },
      }),
    );
    const { router } = renderAt(<MessageButton username="@otieno" context={{ type: 'service', id: 5 }} />);
    await user.click(screen.getByRole('button', { name: 'Message' }));
    expect(await screen.findByText('Thread page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/messages/77');
    expect(bodies).toEqual([{ username: '@otieno', context_type: 'service', context_id: 5 }]);
  });

  it('says why when the conversation cannot be opened (a block)', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/conversations': errorResponse(403, 'FORBIDDEN', 'You cannot message this member'),
      }),
    );
    renderAt(<MessageButton username="otieno" label="Message Otieno" />);
    await user.click(screen.getByRole('button', { name: 'Message Otieno' }));
    expect(await screen.findByText('You cannot message this member')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Message Otieno' })).toBeEnabled();
  });

  it('is not shown on one’s own items', () => {
    renderAt(<MessageButton username="MIMI_hapa" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
