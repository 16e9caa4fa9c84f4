import { previewText, type PostDto } from '@jamii/shared';
import { Suspense, useId, useState } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { Avatar } from '../../components/avatar';
import { DeleteIconButton } from '../../components/confirm-delete';
import { EditedMarker } from '../../components/edited-marker';
import { CommentIcon, HeartIcon } from '../../components/icons';
import { TimeAgo } from '../../components/time-ago';
import { RiskWarning } from '../../components/risk-warning';
import { ModerationLabel } from '../../components/moderation-label';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { useDeletePost, useToggleLike } from './api';
import { PostImage } from './post-image';
import { PostText } from './post-text';
import { ReportButton } from '../../components/report-button';
import { ShareButton } from '../../components/share-button';
import { NameLink } from '../../components/name-link';

// The thread downloads when someone opens a post's comments.
const CommentThread = lazyComponent(() =>
  import('./comment-thread').then((module) => ({ default: module.CommentThread })),
);

// The edit form (and the form library) downloads when the author taps Edit.
const PostEditForm = lazyComponent(() =>
  import('./post-edit-form').then((module) => ({ default: module.PostEditForm })),
);

export const cardClass = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-900/5';

function LikeButton({ post }: { post: PostDto }) {
  const toggleLike = useToggleLike();
  const isLiked = post.liked_by_me;
  return (
    <>
      <button
        type="button"
        aria-pressed={isLiked}
        // One change at a time: the card already shows the click; a second would race the first.
        onClick={() => !toggleLike.isPending && toggleLike.mutate({ id: post.id, like: !isLiked })}
        className={`inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold sm:px-3 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 ${
          isLiked ? 'text-red-600' : 'text-gray-700'
        }`}
      >
        <HeartIcon className={`size-5 ${isLiked ? 'fill-current' : ''}`} />
        {t('posts.like')}
      </button>
      <span className="text-sm whitespace-nowrap text-gray-600" data-testid="like-count">
        {t('posts.likes', { count: post.likes })}
      </span>
    </>
  );
}

/** Opens and closes the post's comments; shows how many there are. */
function CommentsButton({
  post,
  isOpen,
  onToggle,
  threadId,
}: {
  post: PostDto;
  isOpen: boolean;
  onToggle: () => void;
  threadId: string;
}) {
  return (
    <button
      type="button"
      aria-expanded={isOpen}
      aria-controls={isOpen ? threadId : undefined}
      onClick={onToggle}
      className="ml-auto inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold sm:px-3 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <CommentIcon className="size-5" />
      <span data-testid="comment-count" className="whitespace-nowrap">
        {t('comments.toggle', { count: post.comment_count })}
      </span>
    </button>
  );
}

function DeletePostButton({ post }: { post: PostDto }) {
  const removal = useDeletePost();
  return (
    <DeleteIconButton
      label={t('posts.delete')}
      size="md"
      message={t('posts.deleteConfirm')}
      remove={() => removal.mutateAsync(post.id)}
      deletedMessage={t('posts.deleted')}
      failureMessage={() => t('posts.deleteFailed')}
    />
  );
}

/** A post in a list: author, time, text, picture, likes, comments; Delete for its author or an admin. */
export function PostCard({ post, isFirst = false }: { post: PostDto; isFirst?: boolean }) {
  const { user } = useAuth();
  const canDelete = Boolean(user && (user.id === post.user_id || user.role === 'admin'));
  const [isEditing, setIsEditing] = useState(false);
  const [showsComments, setShowsComments] = useState(false);
  const threadId = useId();
  return (
    <article aria-label={t('posts.cardLabel', { name: post.name })} className={cardClass}>
      <header className="flex items-center gap-3">
        <Link to={paths.user(post.username)} tabIndex={-1} aria-hidden="true">
          <Avatar person={post} />
        </Link>
        <div className="min-w-0 flex-1">
          <NameLink to={paths.user(post.username)} className="block truncate">
            {post.name}
          </NameLink>
          <p className="truncate text-sm text-gray-500">
            {post.username} · <TimeAgo iso={post.created_at} /> <EditedMarker editedAt={post.edited_at} />
          </p>
        </div>
        {user?.id === post.user_id && !isEditing && (
          <button
            type="button"
            onClick={() => setIsEditing(true)}
            className="rounded-lg px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {t('common.edit')}
          </button>
        )}
        {canDelete && <DeletePostButton post={post} />}
        {!isEditing && <ReportButton targetType="post" targetId={post.id} authorId={post.user_id} />}
      </header>
      {isEditing ? (
        <Suspense fallback={<p className="mt-3 text-sm text-gray-500">{t('common.loading')}</p>}>
          <PostEditForm post={post} onDone={() => setIsEditing(false)} />
        </Suspense>
      ) : (
        <div className="mt-3">
          {post.title && <h3 className="mb-1 font-semibold text-gray-900">{post.title}</h3>}
          <PostText content={post.content} />
          <ModerationLabel moderation={post.moderation} authorId={post.user_id} />
          <RiskWarning risk={post.risk} />
        </div>
      )}
      <PostImage post={post} isFirst={isFirst} />
      <div className="mt-3 flex flex-wrap items-center gap-1 border-t border-gray-100 pt-2 sm:gap-3">
        <LikeButton post={post} />
        <CommentsButton
          post={post}
          isOpen={showsComments}
          onToggle={() => setShowsComments((open) => !open)}
          threadId={threadId}
        />
        <ShareButton
          path={paths.post(post.id)}
          text={t('share.postText', { name: post.name, text: previewText(post.content, 120) })}
          what={t('postPage.title', { name: post.name })}
        />
      </div>
      {showsComments && (
        <Suspense fallback={<p className="mt-3 text-sm text-gray-500">{t('common.loading')}</p>}>
          <CommentThread post={post} id={threadId} />
        </Suspense>
      )}
    </article>
  );
}
