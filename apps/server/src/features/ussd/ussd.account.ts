import { randomInt } from 'node:crypto';
import {
  acceptedNoticeVersion,
  normalizeUsername,
  USSD_PIN_MESSAGES,
  type Language,
  type UssdPinInputValues,
} from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kdb } from '../../db/database';
import type { CurrentUser } from '../../platform/auth';
import { validationError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { isUniqueViolation } from '../../platform/pg-errors';
import { randomToken } from '../../platform/tokens';
import { writeTransaction } from '../../platform/write-transaction';
import { accounts } from '../users/users.service';
import { createUssdPins } from './ussd.pin';

const RESERVED_STARTS = ['admin', 'root', 'support', 'system', 'test'];

/**
 * A username the signup rules accept, made from the name: up to ten of its letters (accents
 * dropped) and four digits, `j` in front of a reserved start. `wanjiku4821`, `jadmin0042`.
 */
export function usernameFrom(name: string): string {
  const letters =
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z]/g, '')
      .slice(0, 10) || 'mwanachama';
  const base = RESERVED_STARTS.some((start) => letters.startsWith(start)) ? `j${letters}` : letters;
  return `${base}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

/** The member's side of USSD outside the menu: the PIN set on the web, and an account made by USSD. */
export function createUssdAccount(db: Kdb, log?: FastifyBaseLogger) {
  const pins = createUssdPins(db);
  return {
    async setPin(user: CurrentUser, input: UssdPinInputValues) {
      const row = await accounts.findById(db, user.id);
      if (!row || !(await verifyPassword(row.password_hash, input.password)))
        throw validationError({ password: USSD_PIN_MESSAGES.wrongPassword });
      await pins.set(user.id, input.pin);
    },

    /**
     * An account for a number the gateway named, verified, with its PIN. It has no password: on the
     * web the member logs in with the number and an SMS code. 'taken' when the number has an account.
     */
    async join(account: { phone: string; name: string; county: string; pin: string; language: Language }) {
      // Nobody knows this password; it only fills the column.
      const passwordHash = await hashPassword(randomToken());
      const pinHash = await hashPassword(account.pin);
      for (let attempt = 0; attempt < 5; attempt++) {
        try {
          const row = await writeTransaction(db, async (trx) => {
            if (await accounts.findByVerifiedPhone(trx, account.phone)) return null;
            const user = await accounts.create(trx, {
              username: normalizeUsername(usernameFrom(account.name)),
              name: account.name,
              email: null,
              phone: account.phone,
              phone_verified: true,
              location: account.county,
              bio: '',
              language: account.language,
              profile_pic: null,
              profile_pic_bytes: null,
              password_hash: passwordHash,
              role: 'member',
              // The join screen says that joining accepts the privacy notice.
              terms_version: acceptedNoticeVersion(undefined),
              terms_accepted_at: new Date(),
            });
            await pins.saveHash(trx, user.id, pinHash);
            return user;
          });
          if (!row) return 'taken' as const;
          log?.info({ userId: row.id }, 'member joined by USSD');
          return 'joined' as const;
        } catch (err) {
          // Another account took the number meanwhile, or (rarely) the made-up username: try again.
          if (!isUniqueViolation(err)) throw err;
        }
      }
      return 'taken' as const;
    },
  };
}
