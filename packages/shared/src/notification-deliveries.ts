import { z } from 'zod';

// The delivery log seen by admins: how many notices each channel queued, sent and failed, so a
// channel that has gone quiet (no sends, or only failures) is noticed.

export const DELIVERY_CHANNELS = ['push', 'email', 'sms'] as const;
export type DeliveryChannelName = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_STATES = ['queued', 'sent', 'failed'] as const;
export type DeliveryStateName = (typeof DELIVERY_STATES)[number];

const StateCounts = z.object({
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});
export type DeliveryStateCounts = z.infer<typeof StateCounts>;

export const ChannelDeliveriesSchema = z.object({
  channel: z.enum(DELIVERY_CHANNELS),
  /** Deliveries created in the last 24 hours, by their state now. */
  day: StateCounts,
  /** The same over the last 7 days. */
  week: StateCounts,
  /** The newest failure of this channel (any age), with the reason the sender recorded. */
  last_failure: z.object({ at: z.string(), error: z.string().nullable() }).nullable(),
});
export type ChannelDeliveries = z.infer<typeof ChannelDeliveriesSchema>;

/** GET /api/admin/notification-deliveries: one row per channel, always all three. */
export const DeliveryCountsSchema = z.object({
  /** When the counts were taken: the windows end here. */
  at: z.string(),
  channels: z.array(ChannelDeliveriesSchema),
});
export type DeliveryCounts = z.infer<typeof DeliveryCountsSchema>;

/** A channel an admin should look at in a window: it failed at least once, or it sent nothing. */
export const isChannelWorrying = (counts: DeliveryStateCounts) => counts.failed > 0 || counts.sent === 0;
