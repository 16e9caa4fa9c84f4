import type { PostDto } from '@jamii/shared';
import { CardSkeletons } from '../../components/card-skeleton';
import { PagedList, type InfiniteList } from '../../components/paged-list';
import { t } from '../../lib/i18n';
import { flattenPages } from '../../lib/pages';
import { useLiveLikeCounts } from './api';
import { PostCard } from './post-card';

/** A list of post cards, newest first, more as one scrolls, with their like counts kept live. */
export function PostList({ posts, empty }: { posts: InfiniteList<PostDto>; empty: string }) {
  useLiveLikeCounts(flattenPages(posts.data).map((post) => post.id));
  return (
    <PagedList
      list={posts}
      as="div"
      className="space-y-3"
      loading={<CardSkeletons count={2} />}
      loadFailed={t('list.loadFailed')}
      empty={empty}
      renderItem={(post, index) => <PostCard post={post} isFirst={index === 0} />}
    />
  );
}
