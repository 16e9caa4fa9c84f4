import { Link } from 'react-router';
import { CardSkeletons } from '../../components/card-skeleton';
import { ListError } from '../../components/list-states';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { flattenPages } from '../../lib/pages';
import { paths } from '../../lib/paths';
import { useLiveLikeCounts, usePost } from './api';
import { PostCard } from './post-card';
import { TitledSection } from '../../components/titled-section';

/**
 * `/p/{id}` (docs/design.md#conversation-around-posts): one post, the page a shared link opens. A visitor sees the post and is
 * asked to join; a member sees it as in the feed.
 */
export function PostPage({ postId }: { postId: number }) {
  const { isAuthenticated } = useAuth();
  const post = usePost(postId);
  useLiveLikeCounts([postId]);
  const [item] = flattenPages(post.data);
  const gone = postId <= 0 || (post.error instanceof ApiError && post.error.status === 404);

  return (
    <div className="mx-auto max-w-2xl space-y-4 px-3 py-4 sm:px-4">
      <Link
        to={isAuthenticated ? paths.feed() : paths.landing}
        className="inline-block text-sm font-semibold text-brand-700 hover:underline"
      >
        {isAuthenticated ? t('postPage.backToFeed') : t('postPage.home')}
      </Link>
      <h1 className="text-xl font-bold text-gray-900">
        {item ? t('postPage.title', { name: item.name }) : t('postPage.heading')}
      </h1>
      {gone ? (
        <p className="rounded-2xl bg-white px-4 py-8 text-center text-gray-700 shadow-sm ring-1 ring-gray-900/5">
          {t('postPage.gone')}
        </p>
      ) : post.isError ? (
        <ListError message={t('postPage.loadFailed')} onRetry={() => void post.refetch()} />
      ) : !item ? (
        <CardSkeletons count={1} />
      ) : (
        <PostCard post={item} isFirst />
      )}
      {/* Below the post once it is there: drawn beside the skeleton, the card's arrival moved it (CLS). */}
      {!isAuthenticated && !post.isPending && (
        <TitledSection
          headingId="post-page-join"
          title={t('postPage.joinTitle')}
          className="rounded-2xl bg-brand-50 px-4 py-5 text-center ring-1 ring-brand-200"
          headingClassName="font-semibold text-brand-950"
        >
          <p className="mt-1 text-sm text-brand-950">{t('postPage.joinBody')}</p>
          <Link
            to={paths.signup}
            className="mt-3 inline-flex min-h-11 items-center rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {t('postPage.join')}
          </Link>
        </TitledSection>
      )}
    </div>
  );
}
