import type { Kdb } from '../../db/database';
import type { NotificationType } from '../../db/schema';

export const insertNotification = (
  db: Kdb,
  n: { user_id: number; message: string; type: NotificationType },
) => db.insertInto('notifications').values(n).returningAll().executeTakeFirstOrThrow();
