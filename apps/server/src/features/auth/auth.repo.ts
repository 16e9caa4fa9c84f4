import { sql } from 'kysely';
import type { Kdb } from '../../db/database';

// Logins (session families), their refresh tokens and password-reset tokens. Only hashes of the
// tokens are stored.

export const insertFamily = (db: Kdb, f: { id: string; user_id: number }) =>
  db.insertInto('session_families').values(f).execute();

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

export const findSessionById = (db: Kdb, id: number) =>
  db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Locks a login for the rest of the transaction. Every rotation and every revocation takes this
 * lock first, so they happen one after the other and a revocation covers every token rotated in.
 */
export const lockFamily = (db: Kdb, familyId: string) =>
  db
    .selectFrom('session_families')
    .select(['id', 'user_id', 'revoked_at'])
    .where('id', '=', familyId)
    .forUpdate()
    .executeTakeFirst();

/** Retires a token as it is exchanged (the caller holds the family lock). */
export const markRotated = (db: Kdb, sessionId: number) =>
  db.updateTable('sessions').set({ rotated_at: new Date() }).where('id', '=', sessionId).execute();

export const revokeFamily = (db: Kdb, familyId: string) =>
  db
    .updateTable('session_families')
    .set({ revoked_at: new Date() })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();

export const revokeAllFamilies = (db: Kdb, userId: number) =>
  db
    .updateTable('session_families')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();

/** The member of an access token, provided its login is still open: one query per signed-in call. */
export const findSessionUser = (db: Kdb, userId: number, familyId: string) =>
  db
    .selectFrom('users')
    .innerJoin('session_families as f', 'f.user_id', 'users.id')
    .select(['users.id', 'users.username', 'users.name', 'users.role'])
    .where('users.id', '=', userId)
    .where('f.id', '=', familyId)
    .where('f.revoked_at', 'is', null)
    .executeTakeFirst();

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

/** Retires every outstanding reset link of an account, so an older one cannot undo a reset. */
export const retireResetTokens = (db: Kdb, userId: number) =>
  db
    .updateTable('password_reset_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();

/** The member's open logins with their device and times, most recently used first. */
export const listOpenFamilies = (db: Kdb, userId: number, now: Date) =>
  db
    .selectFrom('session_families as f')
    .leftJoin('sessions as s', 's.family_id', 'f.id')
    .select((eb) => [
      'f.id',
      'f.created_at',
      eb.fn.max('s.created_at').as('last_used_at'),
      eb.fn.max('s.expires_at').as('expires_at'),
      // The device of the newest token of the login.
      sql<string | null>`(array_agg(s.user_agent order by s.created_at desc, s.id desc))[1]`.as('user_agent'),
    ])
    .where('f.user_id', '=', userId)
    .where('f.revoked_at', 'is', null)
    .groupBy(['f.id', 'f.created_at'])
    // A login whose every token has expired is over; one without tokens yet is still open.
    .having(sql<boolean>`max(s.expires_at) is null or max(s.expires_at) > ${now}`)
    .orderBy(sql`coalesce(max(s.created_at), f.created_at)`, 'desc')
    .execute();

export const revokeOwnFamily = async (db: Kdb, userId: number, familyId: string) => {
  const result = await db
    .updateTable('session_families')
    .set({ revoked_at: new Date() })
    .where('id', '=', familyId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Ends every login of the member but one; answers the ids it ended. */
export const revokeOtherFamilies = (db: Kdb, userId: number, keepFamilyId: string) =>
  db
    .updateTable('session_families')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('id', '!=', keepFamilyId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();

export const insertVerificationToken = (
  db: Kdb,
  t: { user_id: number; token_hash: string; email: string; expires_at: Date },
) => db.insertInto('email_verification_tokens').values(t).execute();

/** Uses a valid verification token once; answers its member and address, or undefined. */
export const useVerificationToken = (db: Kdb, tokenHash: string) =>
  db
    .updateTable('email_verification_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id', 'email'])
    .executeTakeFirst();

/** Marks the address verified, provided it is still the member's address. */
export const markEmailVerified = (db: Kdb, userId: number, email: string, domain: string | null) =>
  db
    .updateTable('users')
    .set({ email_verified: true, verified_domain: domain })
    .where('id', '=', userId)
    .where('email', '=', email)
    .executeTakeFirst();
