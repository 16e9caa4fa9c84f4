import type { Kdb } from '../../db/database';
import { keysetPage, type PageRequest } from '../../platform/pagination';

// Only results of rounds the server drew and scored are read (round_id set): a score a browser
// sent before the quiz was scored by the server earns nothing.

export const insertResult = (
  db: Kdb,
  r: { user_id: number; score: number; total: number; round_id: string },
) => db.insertInto('quiz_results').values(r).returningAll().executeTakeFirstOrThrow();

export const listResults = (db: Kdb, userId: number, page: PageRequest) =>
  keysetPage(
    db.selectFrom('quiz_results').selectAll().where('user_id', '=', userId).where('round_id', 'is not', null),
    { createdAt: 'quiz_results.created_at', id: 'quiz_results.id' },
    page,
  ).execute();

/** Every round's score, newest first: a member plays a few rounds a day, so this stays small. */
export const listAllScores = (db: Kdb, userId: number) =>
  db
    .selectFrom('quiz_results')
    .select(['score', 'total'])
    .where('user_id', '=', userId)
    .where('round_id', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const insertRound = (
  db: Kdb,
  r: { id: string; user_id: number; questions: string; expires_at: Date },
) => db.insertInto('quiz_rounds').values(r).returningAll().executeTakeFirstOrThrow();

/** The round, locked until the transaction ends, so two submissions cannot both be saved. */
export const lockRound = (db: Kdb, id: string) =>
  db.selectFrom('quiz_rounds').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const markSubmitted = (db: Kdb, id: string) =>
  db.updateTable('quiz_rounds').set({ submitted_at: new Date() }).where('id', '=', id).execute();

/** Rounds drawn and never answered are of no use once expired. */
export const deleteExpiredRounds = (db: Kdb, before: Date) =>
  db.deleteFrom('quiz_rounds').where('expires_at', '<', before).where('submitted_at', 'is', null).execute();
