import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse, makeUser, storeSignedIn, type Routes } from '../../test/auth';
import { makePost } from '../../test/content';
import { emitRealtime } from '../../test/realtime';
import { renderWithProviders } from '../../test/render';
import { UserPosts } from './user-posts';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const me = makeUser({ id: 42 });

const fetchMock = stubFetchForEachTest({ withAuth: true });

/** The profile posts tab of member 7, as `viewer`, answering its one page with `posts`. */
async function renderPosts(
  posts = [makePost({ id: 5, user_id: 7, likes: 3 })],
  routes: Routes = {},
  viewer = me,
) {
  storeSignedIn(viewer);
  fetchMock.mockImplementation(
    fakeFetch({ 'GET /api/posts/user/7?limit=10': jsonResponse(posts), ...routes }),
  );
  renderWithProviders(<UserPosts member={makeUser({ id: 7 })} />);
  await screen.findAllByRole('article');
}

const likeButton = () => screen.getByRole('button', { name: 'Like' });

describe('post likes', () => {
  it('count at once, then take the server’s answer', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    await renderPosts(undefined, {
      'POST /api/posts/5/like': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    expect(screen.getByText('3 likes')).toBeInTheDocument();

    await user.click(likeButton());

    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('4 likes')).toBeInTheDocument();
    answer(jsonResponse({ likes: 9, liked: true }));
    expect(await screen.findByText('9 likes')).toBeInTheDocument();
  });

  it('unlike with DELETE', async () => {
    const user = userEvent.setup();
    const remove = vi.fn(() => jsonResponse({ likes: 1, liked: false }));
    await renderPosts([makePost({ id: 5, user_id: 7, likes: 2, liked_by_me: true })], {
      'DELETE /api/posts/5/like': remove,
    });

    await user.click(likeButton());

    expect(await screen.findByText('1 like')).toBeInTheDocument();
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('go back and say so when the like fails', async () => {
    const user = userEvent.setup();
    await renderPosts(undefined, {
      'POST /api/posts/5/like': jsonResponse({ code: 'NOT_FOUND', message: 'Post not found' }, 404),
    });

    await user.click(likeButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Your like could not be saved.');
    expect(screen.getByText('3 likes')).toBeInTheDocument();
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
  });

  it('follow the live likeUpdated event for the matching post only', async () => {
    await renderPosts([makePost({ id: 5, user_id: 7, likes: 3 }), makePost({ id: 6, user_id: 7, likes: 1 })]);

    emitRealtime('likeUpdated', { type: 'post', id: 5, likes: 12 });

    const [first, second] = screen.getAllByRole('article');
    expect(await within(first!).findByText('12 likes')).toBeInTheDocument();
    expect(within(second!).getByText('1 like')).toBeInTheDocument();
  });
});

describe('PostCard', () => {
  it('shows what a member typed as text, never as markup', async () => {
    const attack = '<script>alert(1)</script><img src=x onerror=alert(1)>';
    await renderPosts([makePost({ id: 5, user_id: 7, content: attack })]);

    const card = screen.getByRole('article');
    expect(within(card).getByText(attack)).toBeInTheDocument();
    expect(card.querySelector('script')).toBeNull();
    expect(card.querySelector('img[src="x"]')).toBeNull();
  });

  it('styles hashtags and shows the feed-size picture in a fixed box, the first card’s at once', async () => {
    await renderPosts([
      makePost({
        id: 5,
        user_id: 7,
        name: 'Brian Otieno',
        content: 'Mangoes from #Kisumu today',
        image_url: '/media/posts/5.webp',
        image_feed_url: '/media/posts/5-feed.webp',
      }),
      makePost({
        id: 4,
        user_id: 8,
        name: 'Akinyi Achieng',
        content: 'Sukuma wiki harvest',
        image_url: '/media/posts/4.webp',
        image_feed_url: '/media/posts/4-feed.webp',
      }),
    ]);

    expect(screen.getByText('#Kisumu')).toHaveClass('text-brand-700');
    const picture = screen.getByRole('img', { name: 'Picture shared by Brian Otieno' });
    expect(picture).toHaveAttribute('src', '/media/posts/5-feed.webp');
    expect(picture).toHaveAttribute('loading', 'eager');
    expect(picture).toHaveAttribute('fetchpriority', 'high');
    expect(picture).toHaveAttribute('width', '640');
    expect(picture).toHaveAttribute('height', '480');
    const next = screen.getByRole('img', { name: 'Picture shared by Akinyi Achieng' });
    expect(next).toHaveAttribute('loading', 'lazy');
    expect(next).not.toHaveAttribute('fetchpriority');
  });

  it('offers Delete to the author and to an admin, not to others', async () => {
    await renderPosts([makePost({ id: 5, user_id: 7 })], {}, makeUser({ id: 7 }));
    expect(screen.getByRole('button', { name: 'Delete post' })).toBeInTheDocument();
  });

  it('hides Delete from another member', async () => {
    await renderPosts([makePost({ id: 5, user_id: 7 })]);
    expect(screen.queryByRole('button', { name: 'Delete post' })).not.toBeInTheDocument();
  });

  it('lets an admin delete after "Delete this post?"', async () => {
    const user = userEvent.setup();
    const remove = vi.fn(() => new Response(null, { status: 204 }));
    await renderPosts(
      [makePost({ id: 5, user_id: 7 })],
      { 'DELETE /api/posts/5': remove },
      makeUser({ id: 1, role: 'admin' }),
    );

    await user.click(screen.getByRole('button', { name: 'Delete post' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Post deleted')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(remove).toHaveBeenCalledTimes(1);
  });
});
