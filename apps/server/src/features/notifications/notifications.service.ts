import type { Kdb } from '../../db/database';
import type { NotificationType } from '../../db/schema';
import { insertNotification } from './notifications.repo';

/** Notifications the server writes itself (SPEC §7 events); other features call notify(). */
export function createNotifier(db: Kdb) {
  return {
    notify(userId: number, message: string, type: NotificationType = 'info') {
      return insertNotification(db, { user_id: userId, message, type });
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
