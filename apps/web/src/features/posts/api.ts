import type { LikeAnswer, PostDto, PostFeed, PostPatchInputValues } from '@jamii/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { t } from '../../lib/i18n';
import {
  useCursorList,
  flattenPages,
  isPagedList,
  prependToPages,
  updatePagedItems,
  type PagedList,
} from '../../lib/pages';
import { createOrKeep, sendOrKeep } from '../../lib/offline/outbox';
import { onOutboxSent } from '../../lib/offline/use-outbox';
import { useRealtimeEvent, useShownPosts } from '../../lib/realtime';
import { useToast } from '../../lib/toast';

/** Posts per page: a phone screen shows two or three, and each may carry a picture. */
export const POSTS_PAGE_SIZE = 10;

export const postKeys = {
  all: ['posts'] as const,
  feed: (search = '', source: PostFeed = 'all') => ['posts', 'feed', search, source] as const,
  byUser: (userId: number) => ['posts', 'user', userId] as const,
  topic: (tag: string) => ['posts', 'topic', tag] as const,
};

/**
 * `GET /api/posts`: the feed, newest first, a page at a time; `source: 'following'` asks for the
 * posts of the people the member follows and their own (`?feed=following`).
 */
export function usePostsFeed({
  search = '',
  enabled = true,
  source = 'all',
}: { search?: string; enabled?: boolean; source?: PostFeed } = {}) {
  return useCursorList<PostDto>(
    postKeys.feed(search, source),
    '/api/posts',
    { limit: POSTS_PAGE_SIZE, search, feed: source === 'following' ? source : undefined },
    { enabled },
  );
}

/** `GET /api/posts/user/{id}`: one member's posts (profile tab). */
export function useUserPosts(userId: number) {
  return useCursorList<PostDto>(postKeys.byUser(userId), `/api/posts/user/${userId}`, {
    limit: POSTS_PAGE_SIZE,
  });
}

/** `GET /api/topics/{tag}/posts`: a topic's posts, newest first (docs/design.md#conversation-around-posts). */
export function useTopicPosts(tag: string) {
  return useCursorList<PostDto>(postKeys.topic(tag), `/api/topics/${encodeURIComponent(tag)}/posts`, {
    limit: POSTS_PAGE_SIZE,
  });
}

/** Changes one post (or removes it, when `update` answers null) wherever it is cached. */
export function patchPost(queryClient: QueryClient, id: number, update: (post: PostDto) => PostDto | null) {
  queryClient.setQueriesData<PagedList<PostDto>>({ queryKey: postKeys.all }, (data) =>
    isPagedList<PostDto>(data) ? updatePagedItems(data, (post) => post.id === id, update) : data,
  );
}

/** Puts a new post at the top of the feeds and its author's list, unless a refetch brought it already. */
function addCreatedPost(queryClient: QueryClient, post: PostDto) {
  for (const key of [postKeys.feed(), postKeys.feed('', 'following'), postKeys.byUser(post.user_id)]) {
    queryClient.setQueryData<PagedList<PostDto>>(key, (data) =>
      flattenPages(data).some((shown) => shown.id === post.id) ? data : prependToPages(data, post),
    );
  }
}

// A post kept on the phone and sent later shows in the feed even when the refetch that follows was
// answered from the service worker's older copy.
onOutboxSent<PostDto>('post', addCreatedPost);

export interface CreatePostInput {
  form: FormData;
  onProgress: (percent: number) => void;
  /** The author, whose outbox keeps the post when there is no connection. */
  userId: number;
}

/**
 * `POST /api/posts` (multipart `content`, optional `image`; the author is the caller), reporting the
 * upload's progress from 0 to 100. The new post goes to the top of the cached feed. Without a
 * connection the post is kept on the phone and sent when it returns (`queued` in the answer).
 */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, onProgress, userId }: CreatePostInput) =>
      sendOrKeep<PostDto>({
        userId,
        kind: 'post',
        path: '/api/posts',
        form: [...form.entries()],
        summary: String(form.get('content') ?? ''),
        onProgress,
      }),
    onSuccess: (result) => {
      if (!result.queued) addCreatedPost(queryClient, result.answer);
    },
  });
}

const withLike = (post: PostDto, liked: boolean): PostDto =>
  post.liked_by_me === liked
    ? post
    : { ...post, liked_by_me: liked, likes: Math.max(0, post.likes + (liked ? 1 : -1)) };

/**
 * Like or unlike (`POST`/`DELETE /api/posts/{id}/like`): the card changes at once and then takes the
 * server's `{ likes, liked }`; a failure puts it back. A like made offline is kept on the phone and
 * sent when the connection returns (the card stays liked meanwhile); an unlike needs a connection.
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: async ({ id, like, summary = '' }: { id: number; like: boolean; summary?: string }) =>
      like
        ? createOrKeep<LikeAnswer>('like', `/api/posts/${id}/like`, undefined, summary)
        : {
            queued: false as const,
            answer: await apiFetch<LikeAnswer>(`/api/posts/${id}/like`, { method: 'DELETE' }),
          },
    onMutate: ({ id, like }) => patchPost(queryClient, id, (post) => withLike(post, like)),
    onSuccess: (result, { id }) => {
      if (result.queued) return;
      const { likes, liked } = result.answer;
      patchPost(queryClient, id, (post) => ({ ...post, likes, liked_by_me: liked }));
    },
    onError: (_error, { id, like }) => {
      patchPost(queryClient, id, (post) => withLike(post, !like));
      toast.error(t('posts.likeFailed'));
    },
  });
}

/** `DELETE /api/posts/{id}` (the author or an admin); the post leaves every cached list. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/posts/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => patchPost(queryClient, id, () => null),
  });
}

/**
 * the specified states Live like event: a `likeUpdated` for a post sets its count wherever it is shown. The
 * screen names the posts it shows (`postIds`): the server sends their like events only.
 */
export function useLiveLikeCounts(postIds: readonly number[]) {
  const queryClient = useQueryClient();
  useShownPosts(postIds);
  useRealtimeEvent('likeUpdated', ({ type, id, likes }) => {
    if (type === 'post')
      patchPost(queryClient, id, (post) => (post.likes === likes ? post : { ...post, likes }));
  });
}

/** `PATCH /api/posts/{id}` (the author): the edited post replaces the cached one. */
export function useUpdatePost(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PostPatchInputValues) =>
      apiFetch<PostDto>(`/api/posts/${id}`, { method: 'PATCH', body: values }),
    onSuccess: (post) => patchPost(queryClient, post.id, () => post),
  });
}

/**
 * `GET /api/posts/{id}`: one post (the shared page `/p/{id}`), kept as a one-page list under
 * `postKeys.all` so likes, edits and deletions reach it like any feed.
 */
export function usePost(id: number) {
  return useQuery({
    queryKey: ['posts', 'one', id],
    queryFn: async ({ signal }): Promise<PagedList<PostDto>> => ({
      pages: [{ data: [await apiFetch<PostDto>(`/api/posts/${id}`, { signal })], nextCursor: null }],
      pageParams: [null],
    }),
    enabled: id > 0,
  });
}
