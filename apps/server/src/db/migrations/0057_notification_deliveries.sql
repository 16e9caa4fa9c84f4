-- One row per notice, channel and target (a push subscription; '' for email and SMS): written before
-- the send is queued, so a notice reaches each channel once however often its job runs, and kept as
-- the delivery log (queued, sent, failed, with the provider's id).
CREATE TABLE notification_deliveries (
  id            serial PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  delivery_key  text NOT NULL CHECK (length(delivery_key) BETWEEN 1 AND 200),
  channel       text NOT NULL CHECK (channel IN ('push', 'email', 'sms')),
  target        text NOT NULL DEFAULT '' CHECK (length(target) <= 200),
  state         text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sent', 'failed')),
  provider_id   text CHECK (length(provider_id) <= 200),
  error         text CHECK (length(error) <= 500),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (delivery_key, channel, target)
);
-- The member's sends of a channel by day (the SMS cap), and the user_id foreign key.
CREATE INDEX notification_deliveries_user_idx ON notification_deliveries (user_id, channel, created_at);
CREATE INDEX notification_deliveries_state_idx ON notification_deliveries (channel, state);
