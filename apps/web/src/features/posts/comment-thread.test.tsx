import type { CommentDto } from '@jamii/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse, makeUser, storeSignedIn, type Routes } from '../../test/auth';
import { makePost } from '../../test/content';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { emitRealtime } from '../../test/realtime';
import { renderWithProviders } from '../../test/render';
import { UserPosts } from './user-posts';

const me = makeUser({ id: 42, name: 'Wanjiku Kamau', username: '@wanjiku_k' });
const fetchMock = stubFetchForEachTest({ withAuth: true });

let nextId = 500;
function makeComment(overrides: Partial<CommentDto> = {}): CommentDto {
  return {
    id: ++nextId,
    post_id: 5,
    parent_id: null,
    author: { id: 9, username: '@zawadi_m', name: 'Zawadi Mwangi', profile_pic: null },
    body: 'Hongera!',
    created_at: '2025-05-01T08:00:00.000Z',
    can_delete: false,
    ...overrides,
  };
}

/** Member 7's posts tab with post 5 (by member 7), its comments answered from `comments`. */
async function renderThread(comments: CommentDto[], routes: Routes = {}, commentCount = comments.length) {
  storeSignedIn(me);
  fetchMock.mockImplementation(
    fakeFetch({
      'GET /api/posts/user/7?limit=10': jsonResponse([
        makePost({ id: 5, user_id: 7, name: 'Juma Otieno', comment_count: commentCount }),
      ]),
      'GET /api/posts/5/comments?limit=20': jsonResponse(comments),
      ...routes,
    }),
  );
  renderWithProviders(<UserPosts member={makeUser({ id: 7 })} />);
  await screen.findByRole('article', { name: 'Post by Juma Otieno' });
}

const openThread = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: /comments?$/ }));
  return screen.findByRole('region', { name: 'Comments on the post by Juma Otieno' });
};

describe('the comment thread under a post', () => {
  it('opens from the Comments button with the count, and says when there are none', async () => {
    const user = userEvent.setup();
    await renderThread([]);
    const toggle = screen.getByRole('button', { name: '0 comments' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const thread = await openThread(user);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await within(thread).findByText('No comments yet')).toBeInTheDocument();
    expect(within(thread).getByRole('textbox', { name: 'Write a comment' })).toBeInTheDocument();
  });

  it('lists comments oldest first with their replies nested, and loads more on request', async () => {
    const user = userEvent.setup();
    const first = makeComment({ body: 'First one' });
    const reply = makeComment({
      body: 'A reply',
      parent_id: first.id,
      author: { ...first.author, name: 'Baraka' },
    });
    const later = makeComment({ body: 'Later one' });
    await renderThread(
      [first, reply],
      {
        'GET /api/posts/5/comments?limit=20': jsonResponse([first, reply], 200, { 'X-Next-Cursor': 'next1' }),
        'GET /api/posts/5/comments?limit=20&cursor=next1': jsonResponse([later]),
      },
      3,
    );
    const thread = await openThread(user);
    await within(thread).findByText('First one');
    const replies = within(thread).getByRole('list', { name: 'Replies to Zawadi Mwangi' });
    expect(within(replies).getByText('A reply')).toBeInTheDocument();
    // One level: a reply offers no Reply of its own.
    expect(within(replies).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();

    await user.click(within(thread).getByRole('button', { name: 'Show more comments' }));
    await within(thread).findByText('Later one');
    const bodies = within(thread)
      .getAllByRole('article')
      .map((a) => a.querySelector('p.whitespace-pre-wrap')?.textContent);
    expect(bodies).toEqual(['First one', 'A reply', 'Later one']);
    expect(within(thread).queryByRole('button', { name: 'Show more comments' })).not.toBeInTheDocument();
  });

  it('posts a comment with a counter, refuses one too long, and counts it on the post', async () => {
    const user = userEvent.setup();
    const post = vi.fn((init: RequestInit | undefined) => {
      const body = JSON.parse(String(init?.body)) as { body: string };
      return jsonResponse(
        makeComment({
          body: body.body,
          author: { id: 42, username: '@wanjiku_k', name: 'Wanjiku Kamau', profile_pic: null },
          can_delete: true,
        }),
        201,
      );
    });
    await renderThread([], { 'POST /api/posts/5/comments': post });
    const thread = await openThread(user);
    const box = within(thread).getByRole('textbox', { name: 'Write a comment' });
    const submit = within(thread).getByRole('button', { name: 'Post comment' });
    expect(submit).toBeDisabled();

    await user.click(box);
    await user.paste('a'.repeat(1001));
    expect(within(thread).getByText('1001/1000')).toBeInTheDocument();
    expect(within(thread).getByText('A comment can be at most 1000 characters.')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(box);
    await user.type(box, 'Karibu sana');
    expect(within(thread).getByText('11/1000')).toBeInTheDocument();
    await user.click(submit);

    expect(await within(thread).findByText('Karibu sana')).toBeInTheDocument();
    expect(JSON.parse(String(post.mock.calls[0]![0]?.body))).toEqual({ body: 'Karibu sana' });
    expect(box).toHaveValue('');
    expect(screen.getByRole('button', { name: '1 comment' })).toBeInTheDocument();
  });

  it('sends a comment once when Post comment is clicked twice before the answer', async () => {
    const user = userEvent.setup();
    const post = vi.fn(() =>
      jsonResponse(
        makeComment({
          body: 'Mara moja tu',
          author: { id: 42, username: '@wanjiku_k', name: 'Wanjiku Kamau', profile_pic: null },
        }),
        201,
      ),
    );
    await renderThread([], { 'POST /api/posts/5/comments': post });
    const thread = await openThread(user);
    await user.type(within(thread).getByRole('textbox', { name: 'Write a comment' }), 'Mara moja tu');
    const submit = within(thread).getByRole('button', { name: 'Post comment' });
    // Two clicks in one go, as a double-click lands: before the first answer or a new render.
    fireEvent.click(submit);
    fireEvent.click(submit);

    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(await within(thread).findByText('Mara moja tu')).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(1);
    expect(within(thread).getAllByText('Mara moja tu')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /^\d+ comments?$/ })).toHaveAccessibleName('1 comment');
  });

  it('replies to a top-level comment with its parent_id', async () => {
    const user = userEvent.setup();
    const top = makeComment({ body: 'Who is hiring?' });
    const post = vi.fn((init: RequestInit | undefined) => {
      const body = JSON.parse(String(init?.body)) as { body: string; parent_id: number };
      return jsonResponse(
        makeComment({
          body: body.body,
          parent_id: body.parent_id,
          author: { id: 42, username: '@wanjiku_k', name: 'Wanjiku Kamau', profile_pic: null },
          can_delete: true,
        }),
        201,
      );
    });
    await renderThread([top], { 'POST /api/posts/5/comments': post });
    const thread = await openThread(user);
    await within(thread).findByText('Who is hiring?');
    await user.click(within(thread).getByRole('button', { name: 'Reply' }));
    const box = within(thread).getByRole('textbox', { name: 'Write a reply to Zawadi Mwangi' });
    expect(box).toHaveFocus();
    await user.type(box, 'We are');
    await user.click(within(thread).getByRole('button', { name: 'Send reply' }));

    const replies = await within(thread).findByRole('list', { name: 'Replies to Zawadi Mwangi' });
    expect(within(replies).getByText('We are')).toBeInTheDocument();
    expect(JSON.parse(String(post.mock.calls[0]![0]?.body))).toEqual({ body: 'We are', parent_id: top.id });
    expect(
      within(thread).queryByRole('textbox', { name: 'Write a reply to Zawadi Mwangi' }),
    ).not.toBeInTheDocument();
  });

  it('deletes after confirming, only where allowed, and offers Report on others’ comments', async () => {
    const user = userEvent.setup();
    const mine = makeComment({
      body: 'Mine to delete',
      author: { id: 42, username: '@wanjiku_k', name: 'Wanjiku Kamau', profile_pic: null },
      can_delete: true,
    });
    const theirs = makeComment({ body: 'Not mine' });
    const remove = vi.fn(() => new Response(null, { status: 204 }));
    await renderThread([mine, theirs], { [`DELETE /api/comments/${mine.id}`]: remove });
    const thread = await openThread(user);
    await within(thread).findByText('Mine to delete');
    const [mineCard, theirCard] = within(thread).getAllByRole('article');
    expect(within(theirCard!).queryByRole('button', { name: 'Delete comment' })).not.toBeInTheDocument();
    expect(within(theirCard!).getByRole('button', { name: 'Report' })).toBeInTheDocument();
    expect(within(mineCard!).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();

    await user.click(within(mineCard!).getByRole('button', { name: 'Delete comment' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete this comment?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Comment deleted')).toBeInTheDocument();
    expect(within(thread).queryByText('Mine to delete')).not.toBeInTheDocument();
    expect(remove).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: '1 comment' })).toBeInTheDocument();
  });

  it('adds others’ comments as they arrive live, once, for this post only', async () => {
    const user = userEvent.setup();
    await renderThread([]);
    const thread = await openThread(user);
    await within(thread).findByText('No comments yet');
    const live = makeComment({ body: 'Just arrived' });

    emitRealtime('commentAdded', { post_id: 5, comment: live });
    emitRealtime('commentAdded', { post_id: 5, comment: live });
    emitRealtime('commentAdded', { post_id: 6, comment: makeComment({ post_id: 6, body: 'Elsewhere' }) });

    expect(await within(thread).findByText('Just arrived')).toBeInTheDocument();
    expect(within(thread).queryByText('Elsewhere')).not.toBeInTheDocument();
    expect(within(thread).getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('button', { name: '1 comment' })).toBeInTheDocument();
    // Not mine, not on my post: no Delete.
    expect(within(thread).queryByRole('button', { name: 'Delete comment' })).not.toBeInTheDocument();
  });
});
