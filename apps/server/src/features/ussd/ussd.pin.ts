import type { Kdb } from '../../db/database';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { PinCheck } from './ussd.ports';
import * as repo from './ussd.repo';

export const PIN_TRIES = 3;
export const PIN_LOCK_MS = 30 * 60 * 1000;

/** The USSD PIN of each member: set with the password, checked with three tries before a lock. */
export function createUssdPins(db: Kdb, now: () => Date = () => new Date()) {
  return {
    async set(userId: number, pin: string) {
      await repo.savePin(db, userId, await hashPassword(pin));
    },

    /** A PIN hashed beforehand, saved in the caller's transaction (an account made by USSD). */
    saveHash: (trx: Kdb, userId: number, pinHash: string) => repo.savePin(trx, userId, pinHash),

    async state(userId: number): Promise<'unset' | 'locked' | 'set'> {
      const row = await repo.findPin(db, userId);
      if (!row) return 'unset';
      return row.locked_until && row.locked_until > now() ? 'locked' : 'set';
    },

    async check(userId: number, pin: string): Promise<PinCheck> {
      const row = await repo.findPin(db, userId);
      if (!row) return { kind: 'unset' };
      if (row.locked_until && row.locked_until > now()) return { kind: 'locked' };
      if (/^\d{4}$/.test(pin) && (await verifyPassword(row.pin_hash, pin))) {
        await repo.resetPinTries(db, userId);
        return { kind: 'ok' };
      }
      // A lock that has run out starts the count again.
      const failed = await repo.countWrongPin(
        db,
        userId,
        row.locked_until !== null,
        PIN_TRIES,
        new Date(now().getTime() + PIN_LOCK_MS),
      );
      return failed >= PIN_TRIES ? { kind: 'locked' } : { kind: 'wrong', left: PIN_TRIES - failed };
    },
  };
}
