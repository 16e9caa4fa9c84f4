import type { CommentDto, CommentInputValues, PostDto } from '@jamii/shared';
import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { cursorPages, flattenPages, type PagedList } from '../../lib/pages';
import { useRealtimeEvent, useRealtimeResume, useRealtimeWatch } from '../../lib/realtime';
import { patchPost } from './api';

/** Comments per page: a thread opens short; "Show more comments" brings the next ones. */
export const COMMENTS_PAGE_SIZE = 20;

export const commentKeys = {
  all: ['comments'] as const,
  list: (postId: number) => ['comments', postId] as const,
};

/** `GET /api/posts/{id}/comments`: oldest first, a page at a time. */
export function useComments(postId: number) {
  return useInfiniteQuery({
    queryKey: commentKeys.list(postId),
    ...cursorPages<CommentDto>(`/api/posts/${postId}/comments`, { limit: COMMENTS_PAGE_SIZE }),
  });
}

/** Every loaded comment once (a live one may also come again in a later page). */
export function loadedComments(data: PagedList<CommentDto> | undefined): CommentDto[] {
  const seen = new Set<number>();
  return flattenPages(data).filter((comment) => !seen.has(comment.id) && seen.add(comment.id));
}

const moveCount = (queryClient: QueryClient, postId: number, delta: number) =>
  patchPost(queryClient, postId, (post) => ({
    ...post,
    comment_count: Math.max(0, post.comment_count + delta),
  }));

/** Adds a comment at the end of the loaded thread unless it is there already; the post's count follows. */
function addComment(queryClient: QueryClient, comment: CommentDto) {
  const key = commentKeys.list(comment.post_id);
  const data = queryClient.getQueryData<PagedList<CommentDto>>(key);
  if (data && loadedComments(data).some((c) => c.id === comment.id)) return;
  moveCount(queryClient, comment.post_id, 1);
  if (!data) return;
  const pages = [...data.pages];
  const last = pages.at(-1);
  if (!last) return;
  pages[pages.length - 1] = { ...last, data: [...last.data, comment] };
  queryClient.setQueryData<PagedList<CommentDto>>(key, { ...data, pages });
}

/** Removes a comment and its replies from the loaded thread; answers how many went. */
function removeComment(queryClient: QueryClient, postId: number, id: number): number {
  const key = commentKeys.list(postId);
  const data = queryClient.getQueryData<PagedList<CommentDto>>(key);
  if (!data) return 1;
  const gone = (c: CommentDto) => c.id === id || c.parent_id === id;
  const count = loadedComments(data).filter(gone).length;
  queryClient.setQueryData<PagedList<CommentDto>>(key, {
    ...data,
    pages: data.pages.map((page) => ({ ...page, data: page.data.filter((c) => !gone(c)) })),
  });
  return Math.max(count, 1);
}

/** `POST /api/posts/{id}/comments` (a fresh Idempotency-Key each call); the thread and the count follow. */
export function useAddComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommentInputValues) =>
      apiFetch<CommentDto>(`/api/posts/${postId}/comments`, { method: 'POST', body: input }),
    onSuccess: (comment) => addComment(queryClient, comment),
  });
}

/** `DELETE /api/comments/{id}` (its author, the post's owner, an admin); its replies go with it. */
export function useDeleteComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/comments/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => moveCount(queryClient, postId, -removeComment(queryClient, postId, id)),
  });
}

/**
 * While a post's thread is open: watches the post (`watch`) and adds the `commentAdded` that others
 * write. The event carries `can_delete: false`; the viewer's own right is worked out here.
 * Answers whether new comments are arriving live.
 */
export function useLiveComments(post: Pick<PostDto, 'id' | 'user_id'>): boolean {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const isLive = useRealtimeWatch('post', post.id);
  useRealtimeEvent('commentAdded', ({ post_id, comment }) => {
    if (post_id !== post.id) return;
    const canDelete = Boolean(
      user && (user.id === comment.author.id || user.id === post.user_id || user.role === 'admin'),
    );
    addComment(queryClient, { ...comment, can_delete: canDelete });
  });
  // Back from a rest in a hidden tab (data saver): the comments written meanwhile are read again.
  useRealtimeResume(() => void queryClient.invalidateQueries({ queryKey: commentKeys.list(post.id) }));
  return isLive;
}
