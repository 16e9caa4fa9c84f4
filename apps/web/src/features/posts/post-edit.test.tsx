import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse, makeUser, storeSignedIn, type Routes } from '../../test/auth';
import { makePost } from '../../test/content';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { UserPosts } from './user-posts';

// The author edits a post's text (docs/design.md#offers-that-behave-like-a-marketplace): Edit for the author only, the composer's rules,
// a PATCH, and "(edited)" beside the time.

const author = makeUser({ id: 7 });
const fetchMock = stubFetchForEachTest({ withAuth: true });

async function renderPosts(viewer: typeof author, routes: Routes = {}) {
  storeSignedIn(viewer);
  fetchMock.mockImplementation(
    fakeFetch({
      'GET /api/posts/user/7?limit=10': jsonResponse([
        makePost({ id: 5, user_id: 7, content: 'Habari #Nairobi' }),
      ]),
      ...routes,
    }),
  );
  renderWithProviders(<UserPosts member={author} />);
  return screen.findByRole('article');
}

describe('editing a post', () => {
  it('gives the author Edit: the text under the composer’s rules, a PATCH, then (edited)', async () => {
    const user = userEvent.setup();
    const patch = vi.fn((init: RequestInit | undefined) =>
      jsonResponse(
        makePost({
          id: 5,
          user_id: 7,
          content: (JSON.parse(String(init?.body)) as { content: string }).content,
          edited_at: '2025-05-02T08:00:00.000Z',
        }),
      ),
    );
    const card = await renderPosts(author, { 'PATCH /api/posts/5': patch });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const text = await within(card).findByLabelText('Post text');
    expect(text).toHaveValue('Habari #Nairobi');
    await user.clear(text);
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    expect(await within(card).findByText('Post text is required')).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
    await user.type(text, 'Habari #Mombasa');
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Post updated')).toBeInTheDocument();
    expect(JSON.parse(String(patch.mock.calls[0]?.[0]?.body))).toEqual({ content: 'Habari #Mombasa' });
    expect(card).toHaveTextContent('Habari #Mombasa');
    expect(card).toHaveTextContent('(edited)');
  });

  it('shows no Edit to anyone else, admins included', async () => {
    const card = await renderPosts(makeUser({ id: 8, role: 'admin' }));
    expect(within(card).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
