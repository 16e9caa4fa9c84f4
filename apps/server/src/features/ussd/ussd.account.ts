import { USSD_PIN_MESSAGES, type UssdPinInputValues } from '@jamii/shared';
import type { Kdb } from '../../db/database';
import type { CurrentUser } from '../../platform/auth';
import { validationError } from '../../platform/errors';
import { verifyPassword } from '../../platform/passwords';
import { accounts } from '../users/users.service';
import { createUssdPins } from './ussd.pin';

/** The member's side of USSD on the web: setting the PIN, with the password as proof. */
export function createUssdAccount(db: Kdb) {
  const pins = createUssdPins(db);
  return {
    async setPin(user: CurrentUser, input: UssdPinInputValues) {
      const row = await accounts.findById(db, user.id);
      if (!row || !(await verifyPassword(row.password_hash, input.password)))
        throw validationError({ password: USSD_PIN_MESSAGES.wrongPassword });
      await pins.set(user.id, input.pin);
    },
  };
}
