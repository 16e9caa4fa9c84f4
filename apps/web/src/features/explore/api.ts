import type { BidDto, HiringDto, JobDto, PostDto, TopicDto, VideoDto } from '@jamii/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { withQuery } from '../../lib/with-query';
import { useRealtimeEvent, useShownPosts } from '../../lib/realtime';

/** The items of each Discover list (the specified API calls Explore lists), by the section name the specified error texts uses. */
export interface ExploreItems {
  jobs: JobDto;
  topics: TopicDto;
  hiring: HiringDto;
  bids: BidDto;
  posts: PostDto;
  shortVideos: VideoDto;
  longVideos: VideoDto;
}
export type ExploreSection = keyof ExploreItems;

/**
 * Where each list comes from and how many rows Discover shows: a glance at each, not the whole
 * list (each has its own page for more), so opening Discover costs little data.
 */
export const exploreSources: Record<ExploreSection, { path: string; limit: number; byCounty?: boolean }> = {
  jobs: { path: '/api/jobs', limit: 5, byCounty: true },
  topics: { path: '/api/topics/explore', limit: 8 },
  hiring: { path: '/api/hiring/explore', limit: 5, byCounty: true },
  bids: { path: '/api/bids', limit: 4 },
  posts: { path: '/api/posts', limit: 5 },
  shortVideos: { path: '/api/videos/short', limit: 6 },
  longVideos: { path: '/api/videos/long', limit: 4 },
};

export const exploreKeys = {
  all: ['explore'] as const,
  section: (section: ExploreSection) => ['explore', section] as const,
  list: (section: ExploreSection, search: string, county = '') =>
    ['explore', section, search, county] as const,
};

/**
 * One Discover list with the search text sent to the server (`?search=`, docs/design.md#principles) and, for the
 * lists that have places (jobs, hiring), the county (`?county=`, docs/features/phones-and-places.md). A new search keeps
 * the rows on screen until its answer comes.
 */
export function useExploreList<S extends ExploreSection>(section: S, search: string, county = '') {
  const { path, limit, byCounty = false } = exploreSources[section];
  const place = byCounty ? county : '';
  return useQuery({
    queryKey: exploreKeys.list(section, search, place),
    queryFn: ({ signal }) =>
      apiFetch<ExploreItems[S][]>(withQuery(path, { search, limit, county: place }), { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * the specified states Live like event: while Discover is open, a `likeUpdated` sets a shown post's like count;
 * the server sends the events of the posts shown (`postIds`) only.
 */
export function useLiveExploreLikes(postIds: readonly number[]): void {
  const queryClient = useQueryClient();
  useShownPosts(postIds);
  useRealtimeEvent('likeUpdated', ({ type, id, likes }) => {
    if (type !== 'post') return;
    queryClient.setQueriesData<PostDto[]>({ queryKey: exploreKeys.section('posts') }, (posts) =>
      posts?.some((post) => post.id === id && post.likes !== likes)
        ? posts.map((post) => (post.id === id ? { ...post, likes } : post))
        : posts,
    );
  });
}
