import { t } from '../../lib/i18n';
import { useTopicPosts } from './api';
import { PostList } from './post-list';

/** `/explore/topics/{tag}` (docs/design.md#conversation-around-posts): the posts that use a #topic, newest first. */
export function TopicPage({ tag }: { tag: string }) {
  const posts = useTopicPosts(tag);
  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-3 py-4 sm:px-4 sm:py-6">
      <title>{t('page.title', { page: `#${tag}` })}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight break-words text-gray-900">#{tag}</h1>
        <p className="text-sm text-gray-600">{t('topic.subtitle')}</p>
      </div>
      <PostList posts={posts} empty={t('topic.empty')} />
    </div>
  );
}
