import {
  DELIVERY_CHANNELS,
  DELIVERY_STATES,
  type DeliveryCounts,
  type DeliveryStateCounts,
} from '@jamii/shared';
import type { Kdb } from '../../db/database';
import * as repo from './delivery-counts.repo';

const zeros = (): DeliveryStateCounts => ({ queued: 0, sent: 0, failed: 0 });

/**
 * The admins' view of the delivery log: per channel, the deliveries queued in the last 24 hours
 * and 7 days by their state now, and the channel's newest failure. Every channel is listed, one
 * with nothing at all too: a channel that went silent is what this is for.
 */
export async function deliveryCounts(db: Kdb): Promise<DeliveryCounts> {
  const at = await repo.databaseNow(db);
  const rows = await repo.countDeliveries(db);
  const channels = [];
  for (const channel of DELIVERY_CHANNELS) {
    const day = zeros();
    const week = zeros();
    for (const row of rows) {
      if (row.channel !== channel || !DELIVERY_STATES.includes(row.state)) continue;
      day[row.state] = row.day;
      week[row.state] = row.week;
    }
    const failure = await repo.lastFailure(db, channel);
    channels.push({
      channel,
      day,
      week,
      last_failure: failure ? { at: failure.updated_at.toISOString(), error: failure.error } : null,
    });
  }
  return { at: at.toISOString(), channels };
}
