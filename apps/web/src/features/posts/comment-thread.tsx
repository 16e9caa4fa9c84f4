import { COMMENT_BODY_MAX, type CommentDto, type PostDto } from '@jamii/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar';
import { buttonClasses } from '../../components/button-styles';
import { DeleteIconButton } from '../../components/confirm-delete';
import { ListError } from '../../components/list-states';
import { ReportButton } from '../../components/report-button';
import { TimeAgo } from '../../components/time-ago';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { t } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useToast } from '../../lib/toast';
import { useGuardedSubmit } from '../../lib/use-submit-guard';
import {
  loadedComments,
  useAddComment,
  useComments,
  useDeleteComment,
  useLiveComments,
} from './comments-api';
import { NameLink } from '../../components/name-link';

/** The form under a thread (or under a comment, for a reply): 1–1000 characters, with a counter. */
function CommentForm({
  postId,
  parentId,
  label,
  submitLabel,
  autoFocus = false,
  onDone,
}: {
  postId: number;
  parentId?: number;
  label: string;
  submitLabel: string;
  autoFocus?: boolean;
  onDone?: () => void;
}) {
  const [text, setText] = useState('');
  const add = useAddComment(postId);
  const toast = useToast();
  const inputId = useId();
  const counterId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const body = text.trim();
  const isTooLong = body.length > COMMENT_BODY_MAX;

  // A reply form opens because the member asked for it: the cursor goes there.
  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  const handleSubmit = useGuardedSubmit(async () => {
    if (!body || isTooLong) return;
    try {
      await add.mutateAsync({ body, ...(parentId === undefined ? {} : { parent_id: parentId }) });
      setText('');
      onDone?.();
    } catch (error) {
      toast.error(errorMessage(error, t('comments.failed')));
    }
  });

  return (
    <form onSubmit={handleSubmit} className="mt-2">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <textarea
        id={inputId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={2}
        placeholder={label}
        ref={inputRef}
        aria-invalid={isTooLong}
        aria-describedby={isTooLong ? `${counterId} ${errorId}` : counterId}
        className="block min-h-11 w-full resize-y rounded-xl border border-gray-300 bg-gray-50 px-3 py-2 text-base text-gray-900 placeholder:text-gray-500 focus:border-brand-600 focus:bg-white focus:outline-2 focus:outline-brand-600/30"
      />
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <p id={counterId} className={`text-xs ${isTooLong ? 'text-red-700' : 'text-gray-500'}`}>
          {t('comments.counter', { count: body.length, max: COMMENT_BODY_MAX })}
        </p>
        <div className="flex items-center gap-2">
          {onDone && (
            <button type="button" onClick={onDone} className={buttonClasses('ghost')}>
              {t('common.cancel')}
            </button>
          )}
          <button type="submit" disabled={!body || isTooLong || add.isPending} className={buttonClasses()}>
            {add.isPending ? t('common.posting') : submitLabel}
          </button>
        </div>
      </div>
      {isTooLong && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {t('comments.tooLong', { max: COMMENT_BODY_MAX })}
        </p>
      )}
    </form>
  );
}

function DeleteCommentButton({ comment }: { comment: CommentDto }) {
  const removal = useDeleteComment(comment.post_id);
  return (
    <DeleteIconButton
      label={t('comments.delete')}
      size="sm"
      message={t('comments.deleteConfirm')}
      remove={() => removal.mutateAsync(comment.id)}
      deletedMessage={t('comments.deleted')}
      failureMessage={(error) => errorMessage(error, t('comments.deleteFailed'))}
    />
  );
}

/** One comment: who, when, what; Reply (top-level only), Delete (when allowed), Report. */
function CommentItem({
  comment,
  replies,
  canReply,
}: {
  comment: CommentDto;
  replies: CommentDto[];
  canReply: boolean;
}) {
  const [isReplying, setIsReplying] = useState(false);
  const { author } = comment;
  return (
    <li>
      <article aria-label={t('comments.itemLabel', { name: author.name })} className="flex gap-2">
        <Link to={paths.user(author.username)} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <Avatar person={author} size="sm" />
        </Link>
        <div className="min-w-0 flex-1">
          <div className="rounded-2xl bg-gray-50 px-3 py-2">
            <p className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-sm">
              <NameLink to={paths.user(author.username)} className="truncate">
                {author.name}
              </NameLink>
              <span className="text-xs text-gray-500">
                <TimeAgo iso={comment.created_at} />
              </span>
            </p>
            <p className="text-sm break-words whitespace-pre-wrap text-gray-800">{comment.body}</p>
          </div>
          <div className="flex flex-wrap items-center gap-1">
            {canReply && !isReplying && (
              <button
                type="button"
                onClick={() => setIsReplying(true)}
                className="rounded-lg px-2 py-1 text-sm font-semibold text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {t('comments.reply')}
              </button>
            )}
            {comment.can_delete && <DeleteCommentButton comment={comment} />}
            <ReportButton targetType="comment" targetId={comment.id} authorId={author.id} />
          </div>
          {isReplying && (
            <CommentForm
              postId={comment.post_id}
              parentId={comment.id}
              label={t('comments.replyLabel', { name: author.name })}
              submitLabel={t('comments.replySubmit')}
              autoFocus
              onDone={() => setIsReplying(false)}
            />
          )}
          {replies.length > 0 && (
            <ul className="mt-2 space-y-2" aria-label={t('comments.repliesLabel', { name: author.name })}>
              {replies.map((reply) => (
                <CommentItem key={reply.id} comment={reply} replies={[]} canReply={false} />
              ))}
            </ul>
          )}
        </div>
      </article>
    </li>
  );
}

/** Nests the flat list: replies under their top-level comment; a reply whose parent is not shown stands alone. */
export function nestComments(comments: CommentDto[]) {
  const ids = new Set(comments.map((c) => c.id));
  const replies = new Map<number, CommentDto[]>();
  const top: CommentDto[] = [];
  for (const comment of comments) {
    if (comment.parent_id !== null && ids.has(comment.parent_id)) {
      replies.set(comment.parent_id, [...(replies.get(comment.parent_id) ?? []), comment]);
    } else top.push(comment);
  }
  return top.map((comment) => ({ comment, replies: replies.get(comment.id) ?? [] }));
}

/**
 * A post's comments (docs/design.md#conversation-around-posts), opened under its card: oldest first with their replies, more on
 * request, new ones from others arriving live, and the form to write one.
 */
export function CommentThread({ post, id }: { post: Pick<PostDto, 'id' | 'user_id' | 'name'>; id?: string }) {
  const { user } = useAuth();
  const comments = useComments(post.id);
  const isLive = useLiveComments(post);
  const threads = nestComments(loadedComments(comments.data));

  return (
    <section
      id={id}
      // Whether others' new comments arrive live (end-to-end tests wait for it).
      data-live={isLive}
      aria-label={t('comments.label', { name: post.name })}
      className="mt-2 border-t border-gray-100 pt-3"
    >
      {comments.isError ? (
        <ListError message={t('comments.loadFailed')} onRetry={() => void comments.refetch()} />
      ) : comments.isPending ? (
        <p className="text-sm text-gray-500">{t('common.loading')}</p>
      ) : threads.length === 0 ? (
        <p className="text-sm text-gray-600">{t('comments.empty')}</p>
      ) : (
        <ul className="space-y-3">
          {threads.map(({ comment, replies }) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              replies={replies}
              canReply={Boolean(user) && comment.parent_id === null}
            />
          ))}
        </ul>
      )}
      {comments.hasNextPage && (
        <button
          type="button"
          onClick={() => void comments.fetchNextPage()}
          disabled={comments.isFetchingNextPage}
          className={`mt-2 ${buttonClasses('ghost')}`}
        >
          {comments.isFetchingNextPage ? t('common.loading') : t('comments.more')}
        </button>
      )}
      {user ? (
        <CommentForm postId={post.id} label={t('comments.write')} submitLabel={t('comments.submit')} />
      ) : (
        <p className="mt-2 text-sm text-gray-600">
          <Link to={paths.login} className="font-semibold text-brand-700 hover:underline">
            {t('comments.logIn')}
          </Link>
        </p>
      )}
    </section>
  );
}
