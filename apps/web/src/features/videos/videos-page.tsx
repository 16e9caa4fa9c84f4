import type { VideoKind } from '@jamii/shared';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { buttonClasses } from '../../components/button-styles';
import { t } from '../../lib/i18n';
import { useVideos } from './api';
import { UploadIcon } from './media-icons';
import { VideoCard } from './video-card';
import { ListNotice, LoadFailed, LoadMoreButton } from './video-list-states';

export const KIND_PARAM = 'kind';

const kinds: readonly { kind: VideoKind; label: 'videos.long' | 'videos.short' }[] = [
  { kind: 'long', label: 'videos.long' },
  { kind: 'short', label: 'videos.short' },
];

/**
 * the specified screens /videos: the list with a Long/Short toggle, titled Videos or Shorts. The toggle is kept in
 * `?kind=short` so a reload or a shared link opens the same list.
 */
export function VideosPage({ uploadTo }: { uploadTo?: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const kind: VideoKind = searchParams.get(KIND_PARAM) === 'short' ? 'short' : 'long';
  const videos = useVideos(kind);
  const list = videos.data?.pages.flatMap((page) => page.data) ?? [];
  const title = kind === 'short' ? t('videos.shortsTitle') : t('videos.title');

  function choose(next: VideoKind) {
    setSearchParams(
      (params) => {
        if (next === 'short') params.set(KIND_PARAM, 'short');
        else params.delete(KIND_PARAM);
        return params;
      },
      { replace: true },
    );
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-3 py-4 sm:px-4 sm:py-6">
      <title>{t('page.title', { page: title })}</title>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
        {uploadTo && (
          <Link to={uploadTo} className={buttonClasses('primary')}>
            <UploadIcon className="size-4" />
            {t('videos.upload')}
          </Link>
        )}
      </div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <div
          role="group"
          aria-label={t('videos.lengthToggle')}
          className="inline-flex rounded-full bg-gray-200 p-1"
        >
          {kinds.map((item) => (
            <button
              key={item.kind}
              type="button"
              aria-pressed={kind === item.kind}
              onClick={() => choose(item.kind)}
              className={`min-h-10 min-w-20 rounded-full px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                kind === item.kind ? 'bg-white text-brand-800 shadow-sm' : 'text-gray-700 hover:text-gray-900'
              }`}
            >
              {t(item.label)}
            </button>
          ))}
        </div>
        {kind === 'short' && list.length > 0 && (
          <Link to={paths.shorts} className="text-sm font-semibold text-brand-700 hover:underline">
            {t('videos.watchShorts')}
          </Link>
        )}
      </div>

      {videos.isPending && (
        <p role="status" className="py-10 text-center text-gray-600">
          {t('common.loading')}
        </p>
      )}
      {videos.isError && <LoadFailed onRetry={() => void videos.refetch()} />}
      {videos.isSuccess && list.length === 0 && (
        <ListNotice>
          <p>{kind === 'short' ? t('videos.emptyShorts') : t('videos.emptyLong')}</p>
          {uploadTo && (
            <Link to={uploadTo} className={buttonClasses('primary')}>
              {t('videos.upload')}
            </Link>
          )}
        </ListNotice>
      )}
      {list.length > 0 && (
        <ul
          className={
            kind === 'short'
              ? 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4'
              : 'grid gap-4 sm:grid-cols-2'
          }
        >
          {list.map((video) => (
            <li key={video.id}>
              <VideoCard video={video} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        <LoadMoreButton
          hasNextPage={videos.hasNextPage}
          isFetchingNextPage={videos.isFetchingNextPage}
          onLoadMore={() => void videos.fetchNextPage()}
        />
      </div>
    </div>
  );
}
