import type { VideoDto } from '@jamii/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonResponse, makeUser, storeSignedIn, type Routes } from '../../test/auth';
import { renderWithProviders } from '../../test/render';
import { ShortsPage } from './shorts-page';
import { VideosPage } from './videos-page';
import { makeVideo as makeVideoDto } from '../../test/content';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { stubMediaPlaybackForEachTest } from '../../test/media';

const me = makeUser({ id: 42, name: 'Amina Hassan', username: '@amina_hassan' });

const makeVideo = (id: number, overrides: Partial<VideoDto> = {}) => makeVideoDto({ id, ...overrides });

function serve(routes: Routes) {
  fetchMock.mockImplementation(fakeFetch(routes));
}

const fetchMock = stubFetchForEachTest({ signedIn: me });
stubMediaPlaybackForEachTest();

const renderVideos = (path = '/videos') =>
  renderWithProviders([{ path: '/videos', element: <VideosPage uploadTo="/create" /> }], { path });

describe('VideosPage', () => {
  it('toggles Long and Short, titled Videos or Shorts, and keeps the choice in the address', async () => {
    const user = userEvent.setup();
    serve({
      'GET /api/videos/long?limit=10': jsonResponse([makeVideo(1, { title: 'Safari ya Mara' })]),
      'GET /api/videos/short?limit=10': jsonResponse([
        makeVideo(2, { kind: 'short', title: 'Chapati flip' }),
      ]),
    });
    const { router } = renderVideos();

    expect(screen.getByRole('heading', { level: 1, name: 'Videos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Long' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('heading', { name: 'Safari ya Mara' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Short' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Shorts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Short' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('heading', { name: 'Chapati flip' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?kind=short');
    expect(screen.getByRole('link', { name: 'Watch full screen' })).toHaveAttribute('href', '/shorts');
  });

  it('shows each video with a metadata-only player and loads the next page on request', async () => {
    const user = userEvent.setup();
    serve({
      'GET /api/videos/long?limit=10': jsonResponse([makeVideo(1)], 200, { 'X-Next-Cursor': 'next1' }),
      'GET /api/videos/long?limit=10&cursor=next1': jsonResponse([makeVideo(2)]),
    });
    const { container } = renderVideos();

    expect(await screen.findByRole('heading', { name: 'Video 1' })).toBeInTheDocument();
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('poster', '/media/thumbnails/1.webp');
    expect(screen.getByText(/3:05/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Brian Otieno' })).toHaveAttribute(
      'href',
      '/profile/7?tab=videos',
    );

    await user.click(screen.getByRole('button', { name: 'Show more videos' }));

    expect(await screen.findByRole('heading', { name: 'Video 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more videos' })).not.toBeInTheDocument();
  });

  it('offers Delete on one’s own videos only, and deletes after a question', async () => {
    const user = userEvent.setup();
    let list = [makeVideo(1, { title: 'Mine', user_id: 42 }), makeVideo(2, { title: 'Theirs' })];
    serve({
      'GET /api/videos/long?limit=10': () => jsonResponse(list),
      'DELETE /api/videos/1': () => {
        list = list.slice(1);
        return new Response(null, { status: 204 });
      },
    });
    renderVideos();

    expect(await screen.findByRole('button', { name: 'Delete Mine' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Theirs' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Mine' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this video?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Video deleted')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'Mine' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Theirs' })).toBeInTheDocument();
  });

  it('lets an admin delete anyone’s video', async () => {
    storeSignedIn(makeUser({ id: 1, role: 'admin' }));
    serve({ 'GET /api/videos/long?limit=10': jsonResponse([makeVideo(2, { title: 'Theirs' })]) });
    renderVideos();

    expect(await screen.findByRole('button', { name: 'Delete Theirs' })).toBeInTheDocument();
  });

  it('is honest about an empty list', async () => {
    serve({ 'GET /api/videos/short?limit=10': jsonResponse([]) });
    renderVideos('/videos?kind=short');

    expect(await screen.findByText('No shorts yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Upload a video' })[0]).toHaveAttribute('href', '/create');
  });
});

describe('ShortsPage', () => {
  it('plays the first short muted, lets the member unmute, and loads nothing for shorts further down', async () => {
    const user = userEvent.setup();
    serve({
      'GET /api/videos/short?limit=10': jsonResponse(
        [1, 2, 3, 4].map((id) => makeVideo(id, { kind: 'short', duration_seconds: 12 })),
      ),
    });
    const { container } = renderWithProviders(<ShortsPage />, { path: '/shorts' });

    expect(await screen.findByRole('region', { name: 'Video 1' })).toBeInTheDocument();
    const videos = Array.from(container.querySelectorAll('video'));
    // The short on screen and the next one have a player; the others are empty frames.
    expect(videos.map((video) => video.getAttribute('src'))).toEqual([
      '/media/videos/1.mp4',
      '/media/videos/2.mp4',
    ]);
    expect(videos.map((video) => video.getAttribute('preload'))).toEqual(['metadata', 'metadata']);
    expect(videos[0]!.muted).toBe(true);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Tap to unmute' }));
    expect(videos[0]!.muted).toBe(false);
    expect(screen.queryByRole('button', { name: 'Tap to unmute' })).not.toBeInTheDocument();
  });

  it('is honest when there are no shorts', async () => {
    serve({ 'GET /api/videos/short?limit=10': jsonResponse([]) });
    renderWithProviders(<ShortsPage uploadTo="/create" />, { path: '/shorts' });

    expect(await screen.findByText('No shorts yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload a video' })).toHaveAttribute('href', '/create');
  });
});
