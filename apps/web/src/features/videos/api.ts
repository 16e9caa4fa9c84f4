import type { VideoDto, VideoInputValues, VideoKind } from '@jamii/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchPage, uploadWithProgress } from '../../lib/api';
import { isPagedList, updatePagedItems, type PagedList } from '../../lib/pages';
import { useRealtimeEvent } from '../../lib/realtime';

/** A page of a video list: small, since every card may fetch a thumbnail. */
export const VIDEO_PAGE_SIZE = 10;

export const videoQueryKeys = {
  all: ['videos'] as const,
  list: (kind: VideoKind, userId: number | null, limit: number) =>
    ['videos', kind, userId ?? 'everyone', limit] as const,
};

interface VideoListOptions {
  /** One member's videos only. */
  userId?: number | null;
  limit?: number;
}

/**
 * `videoReady` (to the uploader's sockets, docs/design.md#past-one-machine): the video's low-data copies are made, so
 * every cached list that shows it takes the new version (renditions, no longer processing).
 */
function useLiveVideoReady() {
  const queryClient = useQueryClient();
  useRealtimeEvent('videoReady', (ready) => {
    queryClient.setQueriesData<PagedList<VideoDto>>({ queryKey: videoQueryKeys.all }, (data) =>
      isPagedList<VideoDto>(data)
        ? updatePagedItems(
            data,
            (video) => video.id === ready.id,
            () => ready,
          )
        : data,
    );
  });
}

/** `GET /api/videos/{short|long}`: newest first, keyset pages (X-Next-Cursor). */
export function useVideos(
  kind: VideoKind,
  { userId = null, limit = VIDEO_PAGE_SIZE }: VideoListOptions = {},
) {
  useLiveVideoReady();
  return useInfiniteQuery({
    queryKey: videoQueryKeys.list(kind, userId, limit),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(limit) });
      if (userId !== null) query.set('user_id', String(userId));
      if (pageParam) query.set('cursor', pageParam);
      return apiFetchPage<VideoDto>(`/api/videos/${kind}?${query}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** `DELETE /api/videos/{id}` (the uploader or an admin); every video list is then read again. */
export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/videos/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoQueryKeys.all }),
  });
}

export interface UploadVideoValues extends VideoInputValues {
  file: File;
}

/** `POST /api/videos` (multipart title, description, video), reporting the percent sent. */
export function uploadVideo(
  { title, description, file }: UploadVideoValues,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<VideoDto> {
  const form = new FormData();
  form.set('title', title);
  form.set('description', description);
  form.set('video', file);
  return uploadWithProgress<VideoDto>('/api/videos', { body: form, ...options });
}
