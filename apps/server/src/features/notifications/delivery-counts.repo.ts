import type { DeliveryChannelName, DeliveryStateName } from '@jamii/shared';
import { sql } from 'kysely';
import type { Kdb } from '../../db/database';

// SQL of the admins' delivery counts: the delivery log grouped by channel and state. The windows
// are counted on the database's clock, which wrote each delivery's created_at.

/** Deliveries queued in the last 7 days, by channel and state: in all, and those of the last 24 hours. */
export const countDeliveries = async (db: Kdb) =>
  (
    await sql<{ channel: DeliveryChannelName; state: DeliveryStateName; day: number; week: number }>`
      SELECT channel, state,
        (count(*) FILTER (WHERE created_at >= now() - interval '24 hours'))::int AS day,
        count(*)::int AS week
      FROM notification_deliveries
      WHERE created_at >= now() - interval '7 days'
      GROUP BY channel, state`.execute(db)
  ).rows;

/** The database's time: where the windows end. */
export const databaseNow = async (db: Kdb) =>
  (await sql<{ now: Date }>`SELECT now() AS now`.execute(db)).rows[0]!.now;

/** A channel's newest failure (when it was marked failed, and why), if it ever failed. */
export const lastFailure = (db: Kdb, channel: DeliveryChannelName) =>
  db
    .selectFrom('notification_deliveries')
    .select(['updated_at', 'error'])
    .where('channel', '=', channel)
    .where('state', '=', 'failed')
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
