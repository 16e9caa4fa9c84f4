import { sql } from 'kysely';
import type { Kdb } from '../../db/database';

export const findPin = (db: Kdb, userId: number) =>
  db.selectFrom('ussd_pins').selectAll().where('user_id', '=', userId).executeTakeFirst();

export const savePin = (db: Kdb, userId: number, pinHash: string) =>
  db
    .insertInto('ussd_pins')
    .values({ user_id: userId, pin_hash: pinHash })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ pin_hash: pinHash, failed_attempts: 0, locked_until: null, updated_at: sql`now()` }),
    )
    .execute();

export const resetPinTries = (db: Kdb, userId: number) =>
  db
    .updateTable('ussd_pins')
    .set({ failed_attempts: 0, locked_until: null })
    .where('user_id', '=', userId)
    .execute();

/**
 * One more wrong PIN, counted in one statement so that parallel guesses each count; the count
 * starts again after a lock that has run out, and reaching `tries` locks the PIN until `lockUntil`.
 */
export async function countWrongPin(
  db: Kdb,
  userId: number,
  lockRanOut: boolean,
  tries: number,
  lockUntil: Date,
) {
  const next = lockRanOut ? sql<number>`1` : sql<number>`failed_attempts + 1`;
  const row = await db
    .updateTable('ussd_pins')
    .set({
      failed_attempts: next,
      locked_until: sql`CASE WHEN ${next} >= ${tries} THEN ${lockUntil}::timestamptz ELSE NULL END`,
    })
    .where('user_id', '=', userId)
    .returning('failed_attempts')
    .executeTakeFirst();
  return row?.failed_attempts ?? tries;
}

/** The cover note a USSD application carries: the member's profile in a few lines. */
export async function profileNote(db: Kdb, userId: number): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['name', 'headline', 'skills', 'location'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const lines = [user.headline, user.skills.length > 0 ? user.skills.join(', ') : '', user.location].filter(
    Boolean,
  );
  return [`${user.name} applied by USSD.`, ...lines].join('\n').slice(0, 1000);
}

/** The offers a member made, newest first, with their bid's title. */
export const myOffers = (db: Kdb, userId: number, limit: number) =>
  db
    .selectFrom('offers')
    .innerJoin('bids', 'bids.id', 'offers.bid_id')
    .select([
      'bids.job_title as bidTitle',
      'offers.offer_price as price',
      'bids.currency as currency',
      'offers.status as status',
    ])
    .where('offers.user_id', '=', userId)
    .orderBy('offers.created_at', 'desc')
    .orderBy('offers.id', 'desc')
    .limit(limit)
    .execute();

export async function smsStopped(db: Kdb, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('sms_stopped').where('id', '=', userId).executeTakeFirst();
  return row?.sms_stopped ?? true;
}

export const setSmsStopped = (db: Kdb, userId: number, stopped: boolean) =>
  db.updateTable('users').set({ sms_stopped: stopped }).where('id', '=', userId).execute();
