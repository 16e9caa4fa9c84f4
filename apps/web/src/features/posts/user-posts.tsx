import type { UserDto } from '@jamii/shared';
import { CardSkeletons } from '../../components/card-skeleton';
import { EmptyState, ListError } from '../../components/list-states';
import { LoadMore } from '../../components/load-more';
import { t } from '../../lib/i18n';
import { flattenPages } from '../../lib/pages';
import { useLiveLikeCounts, useUserPosts } from './api';
import { PostCard } from './post-card';

/** A profile's posts tab: the member's posts, newest first, more as one scrolls. */
export function UserPosts({ member }: { member: UserDto }) {
  const posts = useUserPosts(member.id);
  useLiveLikeCounts();
  if (posts.isPending) return <CardSkeletons count={2} />;
  if (posts.isError) return <ListError message={t('list.loadFailed')} onRetry={() => void posts.refetch()} />;
  const items = flattenPages(posts.data);
  if (items.length === 0) return <EmptyState>{t('posts.empty')}</EmptyState>;
  return (
    <div className="space-y-3">
      {items.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
      <LoadMore
        hasMore={posts.hasNextPage}
        isLoading={posts.isFetchingNextPage}
        onLoadMore={() => void posts.fetchNextPage()}
      />
    </div>
  );
}
