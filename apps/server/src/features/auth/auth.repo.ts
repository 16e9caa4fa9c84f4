import type { Kdb } from '../../db/database';

// Refresh sessions and password-reset tokens. Only hashes of the tokens are stored.

export const insertSession = (
  db: Kdb,
  s: {
    user_id: number;
    family_id: string;
    token_hash: string;
    persistent: boolean;
    expires_at: Date;
    user_agent: string;
  },
) => db.insertInto('sessions').values(s).returning(['id']).executeTakeFirstOrThrow();

export const findSessionByTokenHash = (db: Kdb, tokenHash: string) =>
  db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/** Retires a token as it is exchanged; false when another request exchanged it first. */
export async function markRotated(db: Kdb, sessionId: number) {
  const result = await db
    .updateTable('sessions')
    .set({ rotated_at: new Date() })
    .where('id', '=', sessionId)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const revokeFamily = (db: Kdb, familyId: string) =>
  db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();

export const revokeAllSessions = (db: Kdb, userId: number) =>
  db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();

export const deleteExpiredSessions = (db: Kdb, before: Date) =>
  db.deleteFrom('sessions').where('expires_at', '<', before).execute();

export const insertResetToken = (db: Kdb, t: { user_id: number; token_hash: string; expires_at: Date }) =>
  db.insertInto('password_reset_tokens').values(t).execute();

export const findValidResetToken = (db: Kdb, tokenHash: string) =>
  db
    .selectFrom('password_reset_tokens')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();

/** Marks a reset token used; false when another request used it first. */
export async function markResetTokenUsed(db: Kdb, id: number) {
  const result = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
