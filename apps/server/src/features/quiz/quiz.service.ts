import { randomUUID } from 'node:crypto';
import {
  drawRound,
  QUESTION_BANK,
  QUIZ_ROUND_TTL_MINUTES,
  rankFor,
  summarizeAchievements,
  type QuizQuestion,
  type QuizResultDto,
  type QuizRoundDto,
  type QuizScoreDto,
} from '@jamii/shared';
import type { Selectable } from 'kysely';
import type { Kdb } from '../../db/database';
import type { QuizResultsTable } from '../../db/schema';
import type { CurrentUser } from '../../platform/auth';
import { AppError, conflict, notFound, validationError } from '../../platform/errors';
import { toPage, type PageRequest } from '../../platform/pagination';
import * as repo from './quiz.repo';
import { writeTransaction } from '../../platform/write-transaction';

const toResultDto = (r: Selectable<QuizResultsTable>): QuizResultDto => ({
  id: r.id,
  user_id: r.user_id,
  score: r.score,
  total: r.total,
  rank: rankFor(r.score, r.total),
  created_at: r.created_at.toISOString(),
});

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export function createQuizService(db: Kdb) {
  return {
    /** Draws a round; its answers stay in the database, the browser gets the questions only. */
    async newRound(user: CurrentUser): Promise<QuizRoundDto> {
      const questions = drawRound(QUESTION_BANK);
      const row = await writeTransaction(db, (trx) =>
        repo.insertRound(trx, {
          id: randomUUID(),
          user_id: user.id,
          questions: JSON.stringify(questions),
          expires_at: new Date(Date.now() + QUIZ_ROUND_TTL_MINUTES * 60_000),
        }),
      );
      return {
        id: row.id,
        questions: questions.map((q, i) => ({ id: i + 1, text: q.text, options: [...q.options] })),
        expires_at: row.expires_at.toISOString(),
      };
    },

    /** Scores the answers of one's own round and saves the result, once. */
    async answerRound(user: CurrentUser, roundId: string, answers: number[]): Promise<QuizScoreDto> {
      if (!isUuid(roundId)) throw notFound('Quiz round');
      return writeTransaction(db, async (trx) => {
        const round = await repo.lockRound(trx, roundId);
        if (!round || round.user_id !== user.id) throw notFound('Quiz round');
        if (round.submitted_at)
          throw conflict('QUIZ_ROUND_SUBMITTED', 'This round has already been answered');
        if (round.expires_at < new Date())
          throw new AppError('QUIZ_ROUND_EXPIRED', 410, 'This round has expired. Please start a new one.');
        const questions = JSON.parse(round.questions) as QuizQuestion[];
        if (answers.length !== questions.length)
          throw validationError(
            { answers: `Answer all ${questions.length} questions` },
            `Answer all ${questions.length} questions`,
          );
        const correct = questions.map((q) => q.correct as number);
        const score = answers.filter((a, i) => a === correct[i]).length;
        await repo.markSubmitted(trx, round.id);
        const saved = await repo.insertResult(trx, {
          user_id: user.id,
          score,
          total: questions.length,
          round_id: round.id,
        });
        return {
          score,
          total: questions.length,
          correct,
          rank: rankFor(score, questions.length),
          result_id: saved.id,
        };
      });
    },

    async myResults(user: CurrentUser, page: PageRequest) {
      const result = toPage(await repo.listResults(db, user.id, page), page);
      return { ...result, items: result.items.map(toResultDto) };
    },
    async myAchievements(user: CurrentUser) {
      return summarizeAchievements(await repo.listAllScores(db, user.id));
    },
  };
}
