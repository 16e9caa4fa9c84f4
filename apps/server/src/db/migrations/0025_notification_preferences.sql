-- What each member wants to be told, per category and channel (docs/features/notifications.md). No row: the defaults
-- (in-app on, email off). Notices about the account and moderators' decisions have no category.
CREATE TABLE notification_preferences (
  user_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category  text NOT NULL CHECK (category IN ('follows', 'likes', 'comments', 'mentions', 'offers', 'applications', 'reviews')),
  in_app    boolean NOT NULL DEFAULT true,
  email     boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, category)
);
