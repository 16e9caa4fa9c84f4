-- Web Push: one subscription per browser a member allowed (its push service's endpoint and the keys
-- that encrypt for it). A push service answering 404 or 410 for an endpoint deletes its row.
CREATE TABLE push_subscriptions (
  id          serial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint    text NOT NULL UNIQUE CHECK (length(endpoint) <= 2000),
  p256dh      text NOT NULL CHECK (length(p256dh) <= 200),
  auth        text NOT NULL CHECK (length(auth) <= 100),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

-- Keys the server makes for itself once and keeps (the VAPID pair when VAPID_* are not set), so
-- every process and every restart signs with the same one and subscriptions stay valid.
CREATE TABLE server_keys (
  name        text PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 100),
  value       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
