import type { KeyboardEvent, ReactNode } from 'react';
import { t } from '../../lib/i18n';
import { formatClock } from './format';
import { PauseIcon, PlayFilledIcon, VideoOffIcon, VolumeIcon, VolumeOffIcon } from './media-icons';

/** Seconds an arrow key moves the seek bar: finer on a short clip. */
const seekStep = (duration: number) => (duration <= 60 ? 1 : 5);

/** Where a key sends the seek bar (arrows a step, Page keys a tenth, Home and End the ends), or null. */
export function seekTargetForKey(key: string, currentTime: number, duration: number): number | null {
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
  return moves[key] ?? null;
}

/** the specified screens Video player: "Failed to load video" in the player's frame. */
export function VideoFailed({ className }: { className: string }) {
  return (
    <div
      className={`flex flex-col items-center justify-center gap-2 bg-gray-900 p-4 text-center text-sm text-gray-200 ${className}`}
    >
      <VideoOffIcon className="size-8 text-gray-400" />
      <p>{t('video.failed')}</p>
    </div>
  );
}

/** The big play sign while paused, a spinner while playback waits for data. */
export function VideoOverlay({ isPlaying, isWaiting }: { isPlaying: boolean; isWaiting: boolean }) {
  if (!isPlaying) {
    return (
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 flex items-center justify-center"
      >
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-black/55 text-white">
          <PlayFilledIcon className="size-8 translate-x-0.5" />
        </span>
      </span>
    );
  }
  if (!isWaiting) return null;
  return (
    <span
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 flex items-center justify-center"
    >
      <span className="size-10 animate-spin rounded-full border-4 border-white/30 border-t-white motion-reduce:animate-none" />
    </span>
  );
}

/** A round icon button of the control bar, named for what it does now. */
function ControlButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
    >
      {children}
    </button>
  );
}

interface VideoControlsProps {
  isPlaying: boolean;
  isMuted: boolean;
  currentTime: number;
  duration: number;
  onTogglePlay: () => void;
  onToggleMute: () => void;
  onSeek: (seconds: number) => void;
}

/** The control bar: play/pause, the seek bar (keyboard too), the clock and mute. */
export function VideoControls({
  isPlaying,
  isMuted,
  currentTime,
  duration,
  onTogglePlay,
  onToggleMute,
  onSeek,
}: VideoControlsProps) {
  function handleSeekKey(event: KeyboardEvent<HTMLInputElement>) {
    const target = seekTargetForKey(event.key, currentTime, duration);
    if (target === null) return;
    event.preventDefault();
    onSeek(target);
  }

  return (
    <div className="absolute inset-x-0 bottom-0 flex items-center gap-1 bg-linear-to-t from-black/80 to-transparent px-1 pt-6 pb-1 text-white">
      <ControlButton label={isPlaying ? t('video.pause') : t('video.play')} onClick={onTogglePlay}>
        {isPlaying ? <PauseIcon className="size-5" /> : <PlayFilledIcon className="size-5" />}
      </ControlButton>
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
        onChange={(event) => onSeek(Number(event.target.value))}
        onKeyDown={handleSeekKey}
        className="h-11 min-w-0 flex-1 cursor-pointer accent-brand-400 disabled:cursor-default disabled:opacity-50"
      />
      {/* On a narrow card the seek bar needs the room more than the clock. */}
      <span className="hidden shrink-0 px-1 text-xs tabular-nums @3xs:inline" aria-hidden="true">
        {formatClock(currentTime)} / {formatClock(duration)}
      </span>
      <ControlButton label={isMuted ? t('video.unmute') : t('video.mute')} onClick={onToggleMute}>
        {isMuted ? <VolumeOffIcon className="size-5" /> : <VolumeIcon className="size-5" />}
      </ControlButton>
    </div>
  );
}
