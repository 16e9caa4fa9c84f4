import type { VideoDto } from '@jamii/shared';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { Avatar } from '../../components/avatar';
import { ChevronDownIcon } from '../../components/icons';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { useVideos } from './api';
import { canDeleteVideo } from './can-delete';
import { DeleteVideoButton } from './delete-video-button';
import { ChevronUpIcon, VolumeOffIcon } from './media-icons';
import { uploaderOf } from './video-card';
import { ListNotice, LoadFailed } from './video-list-states';
import { VideoPlayer } from './video-player';
import { usePlayerSource } from './video-source';

function subscribeToVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** False while the tab is in the background: a short must not play (and spend data) unseen. */
function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeToVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

// The screen between the top bar (md and up) or the bottom nav (under md), both 57 px tall; the
// negative margin takes back the room <main> keeps for the bottom nav.
const screenClass =
  'h-[calc(100dvh-57px-env(safe-area-inset-bottom))] md:h-[calc(100dvh-57px)] -mb-24 md:-mb-10';

interface ShortSlideProps {
  video: VideoDto;
  index: number;
  activeIndex: number;
  isPlaying: boolean;
  isMuted: boolean;
  onMutedChange: (muted: boolean) => void;
}

function ShortSlide({ video, index, activeIndex, isPlaying, isMuted, onMutedChange }: ShortSlideProps) {
  const { user } = useAuth();
  const isActive = index === activeIndex;
  // Only the short on screen and the next one may fetch anything; the one just left keeps its element
  // (so scrolling back is instant) but fetches nothing more; the rest are empty frames.
  const hasPlayer = index >= activeIndex - 1 && index <= activeIndex + 1;
  const preload = index === activeIndex || index === activeIndex + 1 ? 'metadata' : 'none';
  const source = usePlayerSource(video);

  return (
    <section
      data-short-index={index}
      aria-label={video.title}
      className="flex h-full w-full snap-start snap-always items-center justify-center"
    >
      <div className="relative h-full w-full md:aspect-[9/16] md:w-auto md:max-w-full">
        {hasPlayer ? (
          <VideoPlayer
            {...source}
            preload={preload}
            isActive={isActive && isPlaying}
            muted={isMuted}
            onMutedChange={onMutedChange}
            loop
            className="size-full"
          />
        ) : (
          <div className="size-full bg-black" />
        )}

        <div className="pointer-events-none absolute inset-x-0 bottom-14 flex items-end gap-3 bg-linear-to-t from-black/60 to-transparent px-4 pt-10 pb-2 text-white">
          <div className="min-w-0 flex-1">
            <Link
              to={paths.profileVideos(video.user_id)}
              className="pointer-events-auto inline-flex max-w-full items-center gap-2 rounded-full py-1 pr-2 font-semibold focus-visible:outline-2 focus-visible:outline-white"
            >
              <Avatar person={uploaderOf(video)} size="sm" />
              <span className="truncate">{video.uploader}</span>
            </Link>
            <h2 className="mt-1 line-clamp-2 text-base font-semibold">{video.title}</h2>
            {video.description && <p className="line-clamp-2 text-sm text-gray-200">{video.description}</p>}
          </div>
        </div>

        <div className="absolute top-3 right-3 flex items-center gap-2">
          {isActive && isMuted && (
            <button
              type="button"
              onClick={() => onMutedChange(false)}
              className="inline-flex min-h-11 items-center gap-2 rounded-full bg-black/60 px-4 text-sm font-semibold text-white hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-white"
            >
              <VolumeOffIcon className="size-5" />
              {t('shorts.tapToUnmute')}
            </button>
          )}
          {canDeleteVideo(user, video) && <DeleteVideoButton video={video} tone="dark" />}
        </div>
      </div>
    </section>
  );
}

/**
 * the specified screens /shorts: black, one short at a time filling the screen; swipe or scroll to the next (scroll
 * snap). The short on screen plays muted until the member taps to unmute; every other one is paused.
 */
export function ShortsPage({ uploadTo }: { uploadTo?: string }) {
  const shorts = useVideos('short');
  const list = shorts.data?.pages.flatMap((page) => page.data) ?? [];
  const [activeIndex, setActiveIndex] = useState(0);
  const [isMuted, setIsMuted] = useState(true);
  const isPageVisible = usePageVisible();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = shorts;

  // The short that fills most of the screen is the active one.
  useEffect(() => {
    const root = scrollerRef.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) setActiveIndex(Number((entry.target as HTMLElement).dataset.shortIndex));
        }
      },
      { root, threshold: 0.6 },
    );
    root.querySelectorAll('[data-short-index]').forEach((slide) => observer.observe(slide));
    return () => observer.disconnect();
  }, [list.length]);

  // The next page is asked for a little before the end, so the swipe does not stop.
  useEffect(() => {
    if (list.length > 0 && activeIndex >= list.length - 2 && hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    }
  }, [activeIndex, list.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  function go(step: 1 | -1) {
    const scroller = scrollerRef.current;
    scroller?.scrollBy({ top: step * scroller.clientHeight, behavior: 'smooth' });
  }

  return (
    <div className={`relative bg-black text-white ${screenClass}`}>
      <title>{t('page.title', { page: t('shorts.title') })}</title>
      <h1 className="sr-only">{t('shorts.title')}</h1>

      {shorts.isPending && (
        <div role="status" className="flex h-full items-center justify-center">
          <span className="size-10 animate-spin rounded-full border-4 border-white/20 border-t-white motion-reduce:animate-none" />
          <span className="sr-only">{t('common.loading')}</span>
        </div>
      )}
      {shorts.isError && (
        <div className="flex h-full items-center justify-center p-4">
          <LoadFailed tone="dark" onRetry={() => void shorts.refetch()} />
        </div>
      )}
      {shorts.isSuccess && list.length === 0 && (
        <div className="flex h-full items-center justify-center p-4">
          <ListNotice tone="dark">
            <p className="text-lg font-semibold text-white">{t('videos.emptyShorts')}</p>
            <p className="max-w-xs text-sm text-gray-300">{t('shorts.emptyBody')}</p>
            {uploadTo && (
              <Link
                to={uploadTo}
                className="inline-flex min-h-11 items-center rounded-lg bg-white px-4 text-sm font-semibold text-gray-900 hover:bg-gray-100"
              >
                {t('videos.upload')}
              </Link>
            )}
          </ListNotice>
        </div>
      )}

      {list.length > 0 && (
        <>
          <div
            ref={scrollerRef}
            role="region"
            tabIndex={0}
            aria-label={t('shorts.title')}
            className="h-full snap-y snap-mandatory overflow-y-auto overscroll-y-contain focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white [scrollbar-width:none]"
          >
            {list.map((video, index) => (
              <ShortSlide
                key={video.id}
                video={video}
                index={index}
                activeIndex={activeIndex}
                isPlaying={isPageVisible}
                isMuted={isMuted}
                onMutedChange={setIsMuted}
              />
            ))}
            {!hasNextPage && (
              <section
                data-short-index={list.length}
                className="flex h-full snap-start flex-col items-center justify-center gap-4 p-6 text-center"
              >
                <p className="text-lg font-semibold">{t('shorts.end')}</p>
                <Link to={paths.videos} className="text-sm font-semibold text-brand-300 hover:underline">
                  {t('shorts.moreVideos')}
                </Link>
              </section>
            )}
          </div>
          <div className="absolute top-1/2 right-4 hidden -translate-y-1/2 flex-col gap-3 md:flex">
            <button
              type="button"
              onClick={() => go(-1)}
              aria-label={t('shorts.previous')}
              className="inline-flex size-12 items-center justify-center rounded-full bg-white/15 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white"
            >
              <ChevronUpIcon className="size-6" />
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              aria-label={t('shorts.next')}
              className="inline-flex size-12 items-center justify-center rounded-full bg-white/15 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white"
            >
              <ChevronDownIcon className="size-6" />
            </button>
          </div>
        </>
      )}
    </div>
  );
}
