import type { Achievements, QuizResultDto } from '@jamii/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch, apiFetchPage } from '../../lib/api';
import { quizQueryKeys } from './results-api';

/** `GET /api/quiz/results/me`: one's rounds, newest first, `limit` a page (keyset, X-Next-Cursor). */
export function useMyQuizResults(limit: number) {
  return useInfiniteQuery({
    queryKey: quizQueryKeys.myResults(limit),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(limit) });
      if (pageParam) query.set('cursor', pageParam);
      return apiFetchPage<QuizResultDto>(`/api/quiz/results/me?${query}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** `GET /api/quiz/achievements/me`: best score, ranks, rounds played and badges. */
export function useMyAchievements() {
  return useQuery({
    queryKey: quizQueryKeys.myAchievements,
    queryFn: ({ signal }) => apiFetch<Achievements>('/api/quiz/achievements/me', { signal }),
  });
}
