import type { Kdb } from '../../db/database';
import { keysetPage, type PageRequest } from '../../platform/pagination';

export const insertResult = (db: Kdb, r: { user_id: number; score: number; total: number }) =>
  db.insertInto('quiz_results').values(r).returningAll().executeTakeFirstOrThrow();

export const listResults = (db: Kdb, userId: number, page: PageRequest) =>
  keysetPage(
    db.selectFrom('quiz_results').selectAll().where('user_id', '=', userId),
    { createdAt: 'quiz_results.created_at', id: 'quiz_results.id' },
    page,
  ).execute();

/** Every round's score, newest first: a member plays a few rounds a day, so this stays small. */
export const listAllScores = (db: Kdb, userId: number) =>
  db
    .selectFrom('quiz_results')
    .select(['score', 'total'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
