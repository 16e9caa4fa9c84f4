import { useEffect, useRef, useState } from 'react';
import { formatBytes, useDataSaver } from '../../lib/data-saver';
import { t } from '../../lib/i18n';
import { VideoControls, VideoFailed, VideoOverlay } from './video-player-parts';

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
  /** The file's size in bytes, shown on the frame until it first plays (data saver, docs/features/kiswahili.md). */
  sizeBytes?: number | null;
}

/** the specified screens Video player: play/pause, mute, seek, and Failed to load video. */
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
  sizeBytes,
}: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  // The data saver: nothing is fetched before play (not even metadata) and nothing starts by itself.
  const dataSaver = useDataSaver();
  const [hasPlayed, setHasPlayed] = useState(false);
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
    if (isActive && dataSaver) return;
    if (isActive) {
      // The browser may refuse to start (data saver, autoplay rules): the player then just stays paused.
      void Promise.resolve(video.play()).catch(() => setIsPlaying(false));
    } else {
      video.pause();
    }
  }, [isActive, hasError, dataSaver]);

  useEffect(
    () => () => {
      if (playingNow === videoRef.current) playingNow = null;
    },
    [],
  );

  if (hasError) return <VideoFailed className={className} />;

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

  function handlePlay() {
    const video = videoRef.current;
    if (video && playingNow && playingNow !== video) playingNow.pause();
    playingNow = video;
    setIsPlaying(true);
    setHasPlayed(true);
  }

  function handlePause() {
    if (playingNow === videoRef.current) playingNow = null;
    setIsPlaying(false);
  }

  function readDuration() {
    const value = videoRef.current?.duration ?? 0;
    setDuration(Number.isFinite(value) && value > 0 ? value : 0);
  }

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
        preload={dataSaver ? 'none' : preload}
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

      <VideoOverlay isPlaying={isPlaying} isWaiting={isWaiting} />
      {sizeBytes && !hasPlayed ? (
        <span
          data-testid="video-size"
          className="pointer-events-none absolute top-2 left-2 rounded-full bg-black/65 px-2.5 py-1 text-xs font-semibold text-white"
        >
          {t('dataSaver.videoSize', { size: formatBytes(sizeBytes) })}
        </span>
      ) : null}
      <VideoControls
        isPlaying={isPlaying}
        isMuted={isMuted}
        currentTime={currentTime}
        duration={duration}
        onTogglePlay={togglePlay}
        onToggleMute={toggleMute}
        onSeek={seekTo}
      />
    </div>
  );
}
