-- The admins' delivery counts (docs/features/notifications.md): the last 7 days of the log by when
-- each delivery was queued, and each channel's newest failure, without reading the whole log.
CREATE INDEX notification_deliveries_created_idx ON notification_deliveries (created_at);
CREATE INDEX notification_deliveries_failed_idx ON notification_deliveries (channel, updated_at)
  WHERE state = 'failed';
