import { z } from 'zod';
import { numberInput } from '../input';

// The server-scored quiz (docs/design.md#trust-and-safety): the server draws a round and keeps its answers; the browser
// sends the chosen option of each question and is told the score. A score the browser works out is
// never saved.

/** How long a drawn round may be answered. */
export const QUIZ_ROUND_TTL_MINUTES = 60;

/** A question as the browser sees it: no answer. */
export const QuizRoundQuestionSchema = z.object({
  id: z.number(),
  text: z.string(),
  options: z.array(z.string()),
});
export type QuizRoundQuestion = z.infer<typeof QuizRoundQuestionSchema>;

/** POST /api/quiz/rounds */
export const QuizRoundSchema = z.object({
  id: z.string(),
  questions: z.array(QuizRoundQuestionSchema),
  expires_at: z.string(),
});
export type QuizRoundDto = z.infer<typeof QuizRoundSchema>;

/** POST /api/quiz/rounds/{id}/answers: the chosen option of each question, in order. */
export const QuizAnswersInput = z.object({
  answers: z.array(
    numberInput(
      z
        .number({ error: 'An answer is the index of an option' })
        .int('An answer is the index of an option')
        .min(0, 'An answer is the index of an option')
        .max(3, 'An answer is the index of an option'),
    ),
  ),
});
export type QuizAnswersInputValues = z.infer<typeof QuizAnswersInput>;

/** The scored round: `correct` holds the right option of each question, in order. */
export const QuizScoreSchema = z.object({
  score: z.number(),
  total: z.number(),
  correct: z.array(z.number()),
  rank: z.string(),
  result_id: z.number(),
});
export type QuizScoreDto = z.infer<typeof QuizScoreSchema>;
