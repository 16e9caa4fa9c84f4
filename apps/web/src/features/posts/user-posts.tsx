import type { UserDto } from '@jamii/shared';
import { t } from '../../lib/i18n';
import { useUserPosts } from './api';
import { PostList } from './post-list';

/** A profile's posts tab: the member's posts, newest first, more as one scrolls. */
export function UserPosts({ member }: { member: UserDto }) {
  const posts = useUserPosts(member.id);
  return <PostList posts={posts} empty={t('posts.empty')} />;
}
