import type { Transaction } from 'kysely';
import type { Kdb } from '../db/database';
import type { DB } from '../db/schema';
import { currentRequest } from './actor';
import { stampCommit } from './idempotency';

/**
 * A route's write, in one transaction that also records, for the Idempotency-Key the current request
 * holds (if any), that the write committed (README "Idempotency keys"). A resend that finds the key's
 * first attempt dead then knows whether its write happened: committed, it answers 409
 * IDEMPOTENCY_ANSWER_LOST and never runs again; not committed, it runs (no second row is possible).
 * The stamp comes first: if a resend has already taken the key over (this request stopped renewing
 * its claim), nothing is written and the request answers 409 IDEMPOTENCY_KEY_IN_USE.
 *
 * Every write of a POST route goes through this, a single statement included.
 */
export function writeTransaction<T>(db: Kdb, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  const claim = currentRequest()?.idempotencyClaim;
  return db.transaction().execute(async (trx) => {
    if (claim && !claim.done) await stampCommit(trx, claim);
    return fn(trx);
  });
}
