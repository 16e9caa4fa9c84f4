import {
  rankFor,
  summarizeAchievements,
  type QuizResultDto,
  type QuizResultInputValues,
} from '@jamii/shared';
import type { Kdb } from '../../db/database';
import type { QuizResultsTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import type { CurrentUser } from '../../platform/auth';
import { toPage, type PageRequest } from '../../platform/pagination';
import * as repo from './quiz.repo';

const toResultDto = (r: Selectable<QuizResultsTable>): QuizResultDto => ({
  id: r.id,
  user_id: r.user_id,
  score: r.score,
  total: r.total,
  rank: rankFor(r.score, r.total),
  created_at: r.created_at.toISOString(),
});

export function createQuizService(db: Kdb) {
  return {
    async saveResult(user: CurrentUser, input: QuizResultInputValues) {
      return toResultDto(await repo.insertResult(db, { user_id: user.id, ...input }));
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
