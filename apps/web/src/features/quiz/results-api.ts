import type { QuizResultDto, QuizResultInputValues } from '@jamii/shared';
import { apiFetch } from '../../lib/api';

// The quiz page's calls, apart from the list hooks in api.ts: the page's chunk then carries no
// TanStack Query list code it does not use.

export const quizQueryKeys = {
  all: ['quiz'] as const,
  myResults: (limit: number) => ['quiz', 'results', 'me', limit] as const,
  myAchievements: ['quiz', 'achievements', 'me'] as const,
};

/** `POST /api/quiz/results`: saves a finished round; answers it with its rank. */
export function postQuizResult(result: QuizResultInputValues): Promise<QuizResultDto> {
  return apiFetch<QuizResultDto>('/api/quiz/results', { method: 'POST', body: result });
}
