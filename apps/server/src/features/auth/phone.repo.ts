import { sql } from 'kysely';
import type { Kdb } from '../../db/database';

// SQL of phone codes and verified numbers. Only HMACs of codes and hashes of signup tokens are stored.

/** Serializes the code requests of one number for the rest of the transaction (the hourly cap). */
export const lockNumber = (db: Kdb, phone: string) =>
  sql`SELECT pg_advisory_xact_lock(hashtext(${`phone-code:${phone}`}))`.execute(db);

export const countCodesSince = async (db: Kdb, phone: string, since: Date) => {
  const rows = await db
    .selectFrom('phone_codes')
    .select('created_at')
    .where('phone', '=', phone)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((r) => r.created_at);
};

export const insertCode = (
  db: Kdb,
  c: { phone: string; user_id: number | null; code_hash: string; expires_at: Date; created_at: Date },
) => db.insertInto('phone_codes').values(c).returning('id').executeTakeFirstOrThrow();

/** The number's newest code, locked: only it can be proved (asking again retires the older ones). */
export const lockNewestCode = (db: Kdb, phone: string) =>
  db
    .selectFrom('phone_codes')
    .selectAll()
    .where('phone', '=', phone)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();

/** Whether the number's newest code was sent since `since` and can still be proved (not used, not worn, not expired). */
export const hasLiveCodeSince = async (db: Kdb, phone: string, since: Date, now: Date, maxTries: number) => {
  const newest = await db
    .selectFrom('phone_codes')
    .select(['created_at', 'used_at', 'expires_at', 'attempts'])
    .where('phone', '=', phone)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return (
    !!newest &&
    newest.created_at > since &&
    newest.used_at === null &&
    newest.expires_at > now &&
    newest.attempts < maxTries
  );
};

export const countWrongTry = (db: Kdb, id: number) =>
  db
    .updateTable('phone_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();

export const markCodeUsed = (db: Kdb, id: number, at: Date) =>
  db.updateTable('phone_codes').set({ used_at: at }).where('id', '=', id).execute();

export const setSignupToken = (db: Kdb, id: number, tokenHash: string, expiresAt: Date) =>
  db
    .updateTable('phone_codes')
    .set({ signup_token_hash: tokenHash, signup_expires_at: expiresAt })
    .where('id', '=', id)
    .execute();

/** Takes a signup token once: the number it proved, or undefined (unknown, used or expired). */
export const useSignupToken = (db: Kdb, tokenHash: string, now: Date) =>
  db
    .updateTable('phone_codes')
    .set({ signup_used_at: now })
    .where('signup_token_hash', '=', tokenHash)
    .where('signup_used_at', 'is', null)
    .where('signup_expires_at', '>', now)
    .returning('phone')
    .executeTakeFirst();

export const findByVerifiedPhone = (db: Kdb, phone: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where('phone', '=', phone)
    .where('phone_verified', '=', true)
    .executeTakeFirst();

export const markPhoneVerified = (db: Kdb, userId: number, phone: string) =>
  db
    .updateTable('users')
    .set({ phone, phone_verified: true, updated_at: new Date() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
