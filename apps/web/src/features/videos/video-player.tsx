import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { t } from '../../lib/i18n';
import { formatClock } from './format';
import { PauseIcon, PlayFilledIcon, VideoOffIcon, VolumeIcon, VolumeOffIcon } from './media-icons';

// One video plays at a time on a page: starting one pauses the one before (data and battery).
let playingNow: HTMLVideoElement | null = null;

export interface VideoPlayerProps {
  /** The video's address; without one the player shows its error state (no sample video is shipped). */
  src: string | null | undefined;
  poster?: string | null;
  /** The video's title: names the player for screen readers. */
  title: string;
  /**
   * `metadata` (default) fetches a few kilobytes to learn the duration; `none` fetches nothing until the
   * member plays (for shorts further down the list).
   */
  preload?: 'none' | 'metadata';
  /**
   * Shorts only: the player plays while true and pauses when it turns false. Left undefined, nothing
   * ever starts without the member's tap (long videos never autoplay).
   */
  isActive?: boolean;
  /** Controlled sound: given, the player follows it and reports taps through onMutedChange. */
  muted?: boolean;
  onMutedChange?: (muted: boolean) => void;
  loop?: boolean;
  /** Size and shape of the frame, e.g. `aspect-video w-full`. */
  className?: string;
}

/** Seconds an arrow key moves the seek bar: finer on a short clip. */
const seekStep = (duration: number) => (duration <= 60 ? 1 : 5);

/** SPEC §2 Video player: play/pause, mute, seek, and Failed to load video. */
export function VideoPlayer({
  src,
  poster,
  title,
  preload = 'metadata',
  isActive,
  muted,
  onMutedChange,
  loop = false,
  className = 'aspect-video w-full',
}: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [hasError, setHasError] = useState(!src);
  const [isPlaying, setIsPlaying] = useState(false);
  const [isWaiting, setIsWaiting] = useState(false);
  const [ownMuted, setOwnMuted] = useState(muted ?? false);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const isMuted = muted ?? ownMuted;

  useEffect(() => {
    const video = videoRef.current;
    if (video && muted !== undefined) video.muted = muted;
  }, [muted]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || isActive === undefined || hasError) return;
    if (isActive) {
      // The browser may refuse to start (data saver, autoplay rules): the player then just stays paused.
      void Promise.resolve(video.play()).catch(() => setIsPlaying(false));
    } else {
      video.pause();
    }
  }, [isActive, hasError]);

  useEffect(
    () => () => {
      if (playingNow === videoRef.current) playingNow = null;
    },
    [],
  );

  if (hasError) {
    return (
      <div
        className={`flex flex-col items-center justify-center gap-2 bg-gray-900 p-4 text-center text-sm text-gray-200 ${className}`}
      >
        <VideoOffIcon className="size-8 text-gray-400" />
        <p>{t('video.failed')}</p>
      </div>
    );
  }

  function togglePlay() {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) void Promise.resolve(video.play()).catch(() => setIsPlaying(false));
    else video.pause();
  }

  function toggleMute() {
    const video = videoRef.current;
    if (!video) return;
    const next = !video.muted;
    video.muted = next;
    setOwnMuted(next);
    onMutedChange?.(next);
  }

  function seekTo(seconds: number) {
    const video = videoRef.current;
    if (!video || !(duration > 0)) return;
    const target = Math.min(duration, Math.max(0, seconds));
    video.currentTime = target;
    setCurrentTime(target);
  }

  function handleSeekKey(event: KeyboardEvent<HTMLInputElement>) {
    const step = seekStep(duration);
    const page = Math.max(step, duration / 10);
    const moves: Record<string, number> = {
      ArrowRight: currentTime + step,
      ArrowUp: currentTime + step,
      ArrowLeft: currentTime - step,
      ArrowDown: currentTime - step,
      PageUp: currentTime + page,
      PageDown: currentTime - page,
      Home: 0,
      End: duration,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    seekTo(target);
  }

  function handlePlay() {
    const video = videoRef.current;
    if (video && playingNow && playingNow !== video) playingNow.pause();
    playingNow = video;
    setIsPlaying(true);
  }

  function handlePause() {
    if (playingNow === videoRef.current) playingNow = null;
    setIsPlaying(false);
  }

  function readDuration() {
    const value = videoRef.current?.duration ?? 0;
    setDuration(Number.isFinite(value) && value > 0 ? value : 0);
  }

  const playLabel = isPlaying ? t('video.pause') : t('video.play');

  return (
    <div
      role="group"
      aria-label={title}
      className={`@container relative overflow-hidden bg-black ${className}`}
    >
      {/* Members upload videos without caption files, so there is no track to offer yet. */}
      {/* eslint-disable-next-line jsx-a11y-x/media-has-caption */}
      <video
        ref={videoRef}
        src={src ?? undefined}
        poster={poster ?? undefined}
        preload={preload}
        playsInline
        loop={loop}
        muted={isMuted}
        onClick={togglePlay}
        onPlay={handlePlay}
        onPause={handlePause}
        onEnded={handlePause}
        onWaiting={() => setIsWaiting(true)}
        onPlaying={() => setIsWaiting(false)}
        onCanPlay={() => setIsWaiting(false)}
        onVolumeChange={() => setOwnMuted(videoRef.current?.muted ?? false)}
        onTimeUpdate={() => setCurrentTime(videoRef.current?.currentTime ?? 0)}
        onLoadedMetadata={readDuration}
        onDurationChange={readDuration}
        onError={() => setHasError(true)}
        className="size-full object-contain"
      />

      {!isPlaying && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 flex items-center justify-center"
        >
          <span className="inline-flex size-16 items-center justify-center rounded-full bg-black/55 text-white">
            <PlayFilledIcon className="size-8 translate-x-0.5" />
          </span>
        </span>
      )}
      {isPlaying && isWaiting && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 flex items-center justify-center"
        >
          <span className="size-10 animate-spin rounded-full border-4 border-white/30 border-t-white motion-reduce:animate-none" />
        </span>
      )}

      <div className="absolute inset-x-0 bottom-0 flex items-center gap-1 bg-linear-to-t from-black/80 to-transparent px-1 pt-6 pb-1 text-white">
        <button
          type="button"
          onClick={togglePlay}
          aria-label={playLabel}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
        >
          {isPlaying ? <PauseIcon className="size-5" /> : <PlayFilledIcon className="size-5" />}
        </button>
        <input
          type="range"
          aria-label={t('video.seek')}
          aria-valuetext={t('video.position', {
            current: formatClock(currentTime),
            total: formatClock(duration),
          })}
          min={0}
          max={duration || 0}
          step="any"
          value={Math.min(currentTime, duration || 0)}
          disabled={!(duration > 0)}
          onChange={(event: ChangeEvent<HTMLInputElement>) => seekTo(Number(event.target.value))}
          onKeyDown={handleSeekKey}
          className="h-11 min-w-0 flex-1 cursor-pointer accent-brand-400 disabled:cursor-default disabled:opacity-50"
        />
        {/* On a narrow card the seek bar needs the room more than the clock. */}
        <span className="hidden shrink-0 px-1 text-xs tabular-nums @3xs:inline" aria-hidden="true">
          {formatClock(currentTime)} / {formatClock(duration)}
        </span>
        <button
          type="button"
          onClick={toggleMute}
          aria-label={isMuted ? t('video.unmute') : t('video.mute')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
        >
          {isMuted ? <VolumeOffIcon className="size-5" /> : <VolumeIcon className="size-5" />}
        </button>
      </div>
    </div>
  );
}
