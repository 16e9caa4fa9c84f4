import type { VideoDto } from '@jamii/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, storeSignedIn } from '../../test/auth';
import { makeVideo } from '../../test/content';
import { installFakeXhr, lastXhr, FakeXhr } from '../../test/fake-xhr';
import { renderWithProviders } from '../../test/render';
import { UploadVideoForm } from './upload-video-form';

const routes = [
  { path: '/create', element: <UploadVideoForm /> },
  { path: '/shorts', element: <p>Shorts page</p> },
  { path: '/videos', element: <p>Videos page</p> },
];

/** The upload as the API answers it: Amina's (member 42) new video of that kind. */
function video(kind: VideoDto['kind']): VideoDto {
  return makeVideo({
    id: 7,
    title: 'Sunset at Diani',
    description: '',
    kind,
    duration_seconds: kind === 'short' ? 5 : 300,
    thumbnail_url: null,
    thumbnail: null,
    user_id: 42,
    uploader: 'Amina Hassan',
    username: '@amina_hassan',
  });
}

const clip = () => new File([new Uint8Array([0, 0, 0, 24])], 'diani.mp4', { type: 'video/mp4' });

beforeEach(() => {
  installFakeXhr();
  storeSignedIn(makeUser({ id: 42 }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup() {
  // The picker's accept="video/*" is a hint to the phone; the form's own check is what is tested here.
  const user = userEvent.setup({ applyAccept: false });
  const view = renderWithProviders(routes, { path: '/create' });
  return { user, ...view };
}

async function fillAndSend(user: ReturnType<typeof userEvent.setup>, file: File = clip()) {
  await user.upload(screen.getByLabelText(/Choose a video/), file);
  await user.type(screen.getByLabelText('Title'), 'Sunset at Diani');
  await user.type(screen.getByLabelText('Description (optional)'), 'Ufukweni jioni.');
  await user.click(screen.getByRole('button', { name: 'Upload Video' }));
}

describe('UploadVideoForm', () => {
  it('asks for a video and a title before sending anything', async () => {
    const { user } = setup();

    await user.click(screen.getByRole('button', { name: 'Upload Video' }));

    expect(await screen.findByText('Please choose a video')).toBeInTheDocument();
    expect(screen.getByText('Video title is required')).toBeInTheDocument();
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it('refuses a file that is not a video', async () => {
    const { user } = setup();

    await fillAndSend(user, new File(['hello'], 'notes.txt', { type: 'text/plain' }));

    expect(screen.getByText('Please choose a video file (MP4 or WebM).')).toBeInTheDocument();
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it('refuses a video over 200 MB with its size', async () => {
    const { user } = setup();
    const huge = clip();
    Object.defineProperty(huge, 'size', { value: 201 * 1024 * 1024 });

    await fillAndSend(user, huge);

    expect(
      screen.getByText('This video is 201.0 MB. The largest video you can upload is 200 MB.'),
    ).toBeInTheDocument();
    expect(FakeXhr.requests).toHaveLength(0);
  });

  it('shows the real upload progress, then opens /shorts for a short', async () => {
    const { user, router } = setup();

    await fillAndSend(user);

    const xhr = lastXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/videos');
    expect(xhr.form.get('title')).toBe('Sunset at Diani');
    expect(xhr.form.get('description')).toBe('Ufukweni jioni.');
    expect((xhr.form.get('video') as File).name).toBe('diani.mp4');

    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();

    xhr.progress(40, 100);
    expect(await screen.findByText('40%')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByTestId('upload-progress-fill')).toHaveStyle({ width: '40%' });
    expect(screen.getByText('Uploading your video...')).toBeInTheDocument();

    xhr.progress(100, 100);
    expect(await screen.findByText('Processing your video...')).toBeInTheDocument();

    xhr.respond(201, video('short'));

    expect(await screen.findByText('Shorts page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shorts');
    expect(screen.getByText('Video uploaded')).toBeInTheDocument();
  });

  it('opens /videos for a long video', async () => {
    const { user } = setup();

    await fillAndSend(user);
    lastXhr().respond(201, video('long'));

    expect(await screen.findByText('Videos page')).toBeInTheDocument();
  });

  it.each([
    [
      413,
      { code: 'PAYLOAD_TOO_LARGE', message: 'Too large' },
      'This video is too large. The largest video you can upload is 200 MB.',
    ],
    [
      413,
      {
        code: 'STORAGE_QUOTA_EXCEEDED',
        message: 'Your storage is full (1024 MB). Delete some videos or pictures to upload more.',
      },
      'Your storage is full (1024 MB). Delete some videos or pictures to upload more.',
    ],
    [
      415,
      { code: 'UNSUPPORTED_VIDEO_FORMAT', message: 'This video format does not play on most phones.' },
      'This video format does not play on most phones.',
    ],
    [
      503,
      {
        code: 'VIDEO_PROCESSING_UNAVAILABLE',
        message: 'Video uploads are not available on this server right now',
      },
      'Video uploads are not available right now. Please try again later.',
    ],
  ])('explains a %i from the server', async (status, body, message) => {
    const { user } = setup();

    await fillAndSend(user);
    lastXhr().respond(status, body);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Upload Video' })).toBeEnabled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('can be cancelled while uploading', async () => {
    const { user } = setup();

    await fillAndSend(user);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByText('Upload cancelled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Video' })).toBeEnabled();
  });
});
