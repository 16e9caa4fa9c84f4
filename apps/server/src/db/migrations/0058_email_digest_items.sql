-- Notices waiting for a member's daily digest email (categories sent once a day, 07:00 Nairobi),
-- kept as kind and params like notifications and rendered in the member's language when the digest
-- is written; deleted once sent. delivery_key makes a notice join a digest once.
CREATE TABLE email_digest_items (
  id            serial PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  delivery_key  text NOT NULL UNIQUE CHECK (length(delivery_key) BETWEEN 1 AND 200),
  category      text NOT NULL CHECK (category IN ('follows', 'likes', 'comments', 'mentions', 'offers', 'applications', 'reviews', 'messages')),
  kind          text NOT NULL CHECK (length(kind) BETWEEN 1 AND 100),
  params        jsonb NOT NULL DEFAULT '{}',
  link          text CHECK (length(link) <= 2000),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_digest_items_user_idx ON email_digest_items (user_id, created_at, id);
