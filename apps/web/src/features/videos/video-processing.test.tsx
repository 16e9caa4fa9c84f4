import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonResponse, makeUser } from '../../test/auth';
import { makeVideo } from '../../test/content';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { stubMediaPlaybackForEachTest } from '../../test/media';
import { emitRealtime } from '../../test/realtime';
import { renderWithProviders } from '../../test/render';
import { VideosPage } from './videos-page';

// docs/design.md#past-one-machine: an upload answers before its low-data copies exist; its uploader sees "Processing…"
// until `videoReady` says they are made, and nobody else sees that state.

const me = makeUser({ id: 42, name: 'Amina Hassan', username: '@amina_hassan' });
const fetchMock = stubFetchForEachTest({ signedIn: me });
stubMediaPlaybackForEachTest();

const mine = makeVideo({
  id: 31,
  title: 'Mtaa wetu',
  user_id: me.id,
  uploader: me.name,
  username: me.username,
  processing: true,
});
const theirs = makeVideo({ id: 32, title: 'Soko la Gikomba', processing: true });

const renderVideos = () =>
  renderWithProviders([{ path: '/videos', element: <VideosPage uploadTo="/create" /> }], {
    path: '/videos',
  });

const cardOf = (title: string) => screen.getByRole('heading', { name: title }).closest('article')!;

describe('a video whose low-data copies are being made', () => {
  it('shows Processing… on its uploader’s card only, and clears it when videoReady arrives, without a reload', async () => {
    fetchMock.mockImplementation(
      fakeFetch({ 'GET /api/videos/long?limit=10': jsonResponse([mine, theirs]) }),
    );
    renderVideos();
    await screen.findByRole('heading', { name: 'Mtaa wetu' });

    const note = within(cardOf('Mtaa wetu')).getByRole('status');
    expect(note).toHaveTextContent('Processing…');
    expect(note).toHaveTextContent('Making lighter copies for slow connections. Your video already plays.');
    // Another member's video plays as uploaded; its state is not theirs to be told.
    expect(within(cardOf('Soko la Gikomba')).queryByTestId('video-processing')).not.toBeInTheDocument();
    const requests = fetchMock.mock.calls.length;

    emitRealtime('videoReady', {
      ...mine,
      processing: false,
      renditions: [{ height: 240, url: '/media/renditions/31-240.mp4', size_bytes: 400 }],
    });

    await waitFor(() =>
      expect(within(cardOf('Mtaa wetu')).queryByTestId('video-processing')).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('Processing…')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBe(requests);
  });

  it('leaves lists alone when the ready video is not in them', async () => {
    fetchMock.mockImplementation(fakeFetch({ 'GET /api/videos/long?limit=10': jsonResponse([mine]) }));
    renderVideos();
    await screen.findByRole('heading', { name: 'Mtaa wetu' });

    emitRealtime('videoReady', { ...theirs, id: 99, processing: false });

    expect(within(cardOf('Mtaa wetu')).getByTestId('video-processing')).toHaveTextContent('Processing…');
    expect(screen.queryByRole('heading', { name: 'Soko la Gikomba' })).not.toBeInTheDocument();
  });
});
