import type { UserDto } from '@jamii/shared';
import { CardSkeletons } from '../../components/card-skeleton';
import { PagedList } from '../../components/paged-list';
import { t } from '../../lib/i18n';
import { flattenPages } from '../../lib/pages';
import { useLiveLikeCounts, useUserPosts } from './api';
import { PostCard } from './post-card';

/** A profile's posts tab: the member's posts, newest first, more as one scrolls. */
export function UserPosts({ member }: { member: UserDto }) {
  const posts = useUserPosts(member.id);
  useLiveLikeCounts(flattenPages(posts.data).map((post) => post.id));
  return (
    <PagedList
      list={posts}
      as="div"
      className="space-y-3"
      loading={<CardSkeletons count={2} />}
      loadFailed={t('list.loadFailed')}
      empty={t('posts.empty')}
      renderItem={(post) => <PostCard post={post} />}
    />
  );
}
