CREATE TABLE notifications (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message     text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 500),
  type        text NOT NULL DEFAULT 'info' CHECK (type IN ('info', 'success', 'error')),
  is_read     boolean NOT NULL DEFAULT false,
  -- Groups repeated events (likes on one post) into one row that is updated instead of added.
  group_key   text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_id_created_at_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE NOT is_read;
CREATE UNIQUE INDEX notifications_group_key ON notifications (user_id, group_key) WHERE group_key IS NOT NULL;
