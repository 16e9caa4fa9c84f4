import type { UserDto, VideoKind } from '@jamii/shared';
import { t } from '../../lib/i18n';
import { useVideos } from './api';
import { VideoCard } from './video-card';
import { LoadFailed, LoadMoreButton } from './video-list-states';

const MEMBER_PAGE_SIZE = 6;

function MemberVideoSection({ memberId, kind }: { memberId: number; kind: VideoKind }) {
  const videos = useVideos(kind, { userId: memberId, limit: MEMBER_PAGE_SIZE });
  const list = videos.data?.pages.flatMap((page) => page.data) ?? [];
  const heading = kind === 'short' ? t('videos.shortsTitle') : t('videos.title');

  return (
    <section aria-label={heading} className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-gray-900">{heading}</h2>
      {videos.isPending && <p className="text-sm text-gray-600">{t('common.loading')}</p>}
      {videos.isError && <LoadFailed onRetry={() => void videos.refetch()} />}
      {videos.isSuccess && list.length === 0 && (
        <p className="text-sm text-gray-600">
          {kind === 'short' ? t('videos.emptyShorts') : t('videos.emptyLong')}
        </p>
      )}
      {list.length > 0 && (
        <ul
          className={kind === 'short' ? 'grid grid-cols-2 gap-3 sm:grid-cols-3' : 'grid gap-4 sm:grid-cols-2'}
        >
          {list.map((video) => (
            <li key={video.id}>
              <VideoCard video={video} />
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton
        hasNextPage={videos.hasNextPage}
        isFetchingNextPage={videos.isFetchingNextPage}
        onLoadMore={() => void videos.fetchNextPage()}
      />
    </section>
  );
}

/**
 * The profile's videos tab (the specified screens: it exists without a button). It opens at
 * `/profile/{id}?tab=videos`, the address every uploader link on /videos and /shorts points to.
 */
export function MemberVideosTab({ member }: { member: Pick<UserDto, 'id'> }) {
  return (
    <div className="flex flex-col gap-6">
      <MemberVideoSection memberId={member.id} kind="short" />
      <MemberVideoSection memberId={member.id} kind="long" />
    </div>
  );
}
