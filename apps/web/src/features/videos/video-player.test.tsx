import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataSaverStore } from '../../lib/data-saver';
import { VideoPlayer } from './video-player';

// jsdom has <video> without playback: play and pause flip `paused` and fire the events a browser fires.
function setPaused(media: HTMLMediaElement, paused: boolean) {
  Object.defineProperty(media, 'paused', { value: paused, configurable: true });
}

let play: ReturnType<typeof vi.spyOn>;
let pause: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    setPaused(this, false);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    setPaused(this, true);
    this.dispatchEvent(new Event('pause'));
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

function videoElement(container: HTMLElement): HTMLVideoElement {
  const video = container.querySelector('video');
  if (!video) throw new Error('no <video>');
  return video;
}

/** What a browser learns from the metadata: the duration; the position is kept as a browser would. */
function loadMetadata(video: HTMLVideoElement, duration: number) {
  let position = 0;
  Object.defineProperty(video, 'duration', { value: duration, configurable: true });
  Object.defineProperty(video, 'currentTime', {
    configurable: true,
    get: () => position,
    set: (value: number) => {
      position = value;
    },
  });
  fireEvent(video, new Event('loadedmetadata'));
}

describe('VideoPlayer', () => {
  it('fetches only metadata, plays inline with the thumbnail as poster, and never starts by itself', () => {
    const { container } = render(
      <VideoPlayer src="/media/videos/a.mp4" poster="/media/thumbnails/a.webp" title="Mandazi recipe" />,
    );
    const video = videoElement(container);

    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('poster', '/media/thumbnails/a.webp');
    expect(video).not.toHaveAttribute('autoplay');
    expect(play).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'Mandazi recipe' })).toBeInTheDocument();
  });

  it('shows Failed to load video. when the video has no address (no sample video is shipped)', () => {
    const { container } = render(<VideoPlayer src={null} title="Broken" />);

    expect(screen.getByText('Failed to load video.')).toBeInTheDocument();
    expect(container.querySelector('video')).toBeNull();
  });

  it('shows Failed to load video. when the browser cannot load it', () => {
    const { container } = render(<VideoPlayer src="/media/videos/gone.mp4" title="Gone" />);

    fireEvent.error(videoElement(container));

    expect(screen.getByText('Failed to load video.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play' })).not.toBeInTheDocument();
  });

  it('plays and pauses from its button', async () => {
    const user = userEvent.setup();
    const { container } = render(<VideoPlayer src="/media/videos/a.mp4" title="Matatu art" />);
    const video = videoElement(container);

    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(video.paused).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('mutes and unmutes the video element', async () => {
    const user = userEvent.setup();
    const { container } = render(<VideoPlayer src="/media/videos/a.mp4" title="Matatu art" />);
    const video = videoElement(container);

    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(video.muted).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(video.muted).toBe(false);
    expect(screen.getByRole('button', { name: 'Mute' })).toBeInTheDocument();
  });

  it('seeks with the range bound to currentTime and duration, by pointer and by keyboard', async () => {
    const user = userEvent.setup();
    const { container } = render(<VideoPlayer src="/media/videos/a.mp4" title="Lake Nakuru" />);
    const video = videoElement(container);
    const seek = screen.getByRole('slider', { name: 'Seek' });
    expect(seek).toBeDisabled();

    loadMetadata(video, 120);
    expect(seek).toBeEnabled();
    expect(seek).toHaveAttribute('max', '120');

    fireEvent.change(seek, { target: { value: '30' } });
    expect(video.currentTime).toBe(30);
    expect(seek).toHaveAttribute('aria-valuetext', '0:30 of 2:00');

    seek.focus();
    await user.keyboard('{ArrowRight}');
    expect(video.currentTime).toBe(35);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(video.currentTime).toBe(25);
    await user.keyboard('{End}');
    expect(video.currentTime).toBe(120);
    await user.keyboard('{Home}');
    expect(video.currentTime).toBe(0);

    // The bar follows the video as it plays.
    video.currentTime = 61;
    fireEvent(video, new Event('timeupdate'));
    expect(seek).toHaveValue('61');
  });

  it('plays one video at a time', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <>
        <VideoPlayer src="/media/videos/a.mp4" title="First" />
        <VideoPlayer src="/media/videos/b.mp4" title="Second" />
      </>,
    );
    const [first, second] = Array.from(container.querySelectorAll('video'));

    await user.click(screen.getAllByRole('button', { name: 'Play' })[0]!);
    await user.click(screen.getAllByRole('button', { name: 'Play' })[0]!);

    expect(second!.paused).toBe(false);
    expect(first!.paused).toBe(true);
  });

  it('follows isActive (shorts): plays muted while active, pauses when it is not', async () => {
    const { container, rerender } = render(
      <VideoPlayer src="/media/videos/s.mp4" title="Short" preload="none" isActive muted />,
    );
    const video = videoElement(container);

    await act(async () => {});
    expect(video).toHaveAttribute('preload', 'none');
    expect(video.muted).toBe(true);
    expect(play).toHaveBeenCalledTimes(1);

    rerender(<VideoPlayer src="/media/videos/s.mp4" title="Short" preload="none" isActive={false} muted />);
    expect(pause).toHaveBeenCalled();
    expect(video.paused).toBe(true);
  });
});

describe('VideoPlayer with the data saver', () => {
  afterEach(() => dataSaverStore.reset());

  it('shows the file’s size until it first plays', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <VideoPlayer src="/media/videos/a.mp4" title="Mandazi recipe" sizeBytes={2_400_000} />,
    );
    expect(screen.getByTestId('video-size')).toHaveTextContent('Video · 2.4 MB');

    await user.click(videoElement(container));

    expect(play).toHaveBeenCalled();
    expect(screen.queryByTestId('video-size')).not.toBeInTheDocument();
  });

  it('fetches nothing before play and does not start a short by itself when on', async () => {
    dataSaverStore.set(true);
    const user = userEvent.setup();
    const { container } = render(
      <VideoPlayer src="/media/videos/a.mp4" title="Short" preload="metadata" isActive sizeBytes={800_000} />,
    );
    const video = videoElement(container);

    expect(video).toHaveAttribute('preload', 'none');
    expect(play).not.toHaveBeenCalled();
    expect(screen.getByTestId('video-size')).toHaveTextContent('Video · 800 kB');

    // The member's own tap plays it.
    await user.click(video);
    expect(play).toHaveBeenCalledOnce();
  });

  it('starts the active short by itself when off', () => {
    render(<VideoPlayer src="/media/videos/a.mp4" title="Short" isActive />);
    expect(play).toHaveBeenCalledOnce();
  });
});
