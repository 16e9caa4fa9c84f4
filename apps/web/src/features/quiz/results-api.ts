import type { QuizRoundDto, QuizScoreDto } from '@jamii/shared';
import { apiFetch } from '../../lib/api';

// The quiz page's calls, apart from the list hooks in api.ts: the page's chunk then carries no
// TanStack Query list code it does not use. The server draws and scores rounds (docs/design.md#trust-and-safety): the
// question bank and its answers are not in the web bundle.

export const quizQueryKeys = {
  all: ['quiz'] as const,
  myResults: (limit: number) => ['quiz', 'results', 'me', limit] as const,
  myAchievements: ['quiz', 'achievements', 'me'] as const,
};

/** `POST /api/quiz/rounds`: a new round of questions, without their answers. */
export function postQuizRound(): Promise<QuizRoundDto> {
  return apiFetch<QuizRoundDto>('/api/quiz/rounds', { method: 'POST' });
}

/** `POST /api/quiz/rounds/{id}/answers`: the chosen options; answers the server's score, saved once. */
export function postQuizAnswers(roundId: string, answers: number[]): Promise<QuizScoreDto> {
  return apiFetch<QuizScoreDto>(`/api/quiz/rounds/${encodeURIComponent(roundId)}/answers`, {
    method: 'POST',
    body: { answers },
  });
}
