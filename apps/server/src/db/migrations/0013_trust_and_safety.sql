-- Trust and safety (docs/design.md#trust-and-safety): the columns every feature reads to decide who sees what.
--
-- moderation: `visible` for everyone; `hidden` by a moderator; `held` by the scam shield until an
-- admin approves it. Hidden and held items are seen only by their author and admins.
-- risk_level / risk_reasons: the scam shield's verdict on the text, worked out when it is written.
ALTER TABLE posts
  ADD COLUMN moderation text NOT NULL DEFAULT 'visible' CHECK (moderation IN ('visible', 'hidden', 'held')),
  ADD COLUMN risk_level text NOT NULL DEFAULT 'none' CHECK (risk_level IN ('none', 'caution', 'high')),
  ADD COLUMN risk_reasons text[] NOT NULL DEFAULT '{}';
ALTER TABLE jobs
  ADD COLUMN moderation text NOT NULL DEFAULT 'visible' CHECK (moderation IN ('visible', 'hidden', 'held')),
  ADD COLUMN risk_level text NOT NULL DEFAULT 'none' CHECK (risk_level IN ('none', 'caution', 'high')),
  ADD COLUMN risk_reasons text[] NOT NULL DEFAULT '{}';
ALTER TABLE bids
  ADD COLUMN moderation text NOT NULL DEFAULT 'visible' CHECK (moderation IN ('visible', 'hidden', 'held')),
  ADD COLUMN risk_level text NOT NULL DEFAULT 'none' CHECK (risk_level IN ('none', 'caution', 'high')),
  ADD COLUMN risk_reasons text[] NOT NULL DEFAULT '{}';
ALTER TABLE services
  ADD COLUMN moderation text NOT NULL DEFAULT 'visible' CHECK (moderation IN ('visible', 'hidden', 'held')),
  ADD COLUMN risk_level text NOT NULL DEFAULT 'none' CHECK (risk_level IN ('none', 'caution', 'high')),
  ADD COLUMN risk_reasons text[] NOT NULL DEFAULT '{}';
ALTER TABLE offers
  ADD COLUMN moderation text NOT NULL DEFAULT 'visible' CHECK (moderation IN ('visible', 'hidden', 'held'));
ALTER TABLE videos
  ADD COLUMN moderation text NOT NULL DEFAULT 'visible' CHECK (moderation IN ('visible', 'hidden', 'held'));

-- The admin queue of held items reads these; visible rows (nearly all) stay out of the index.
CREATE INDEX posts_moderation_idx ON posts (moderation) WHERE moderation <> 'visible';
CREATE INDEX jobs_moderation_idx ON jobs (moderation) WHERE moderation <> 'visible';
CREATE INDEX bids_moderation_idx ON bids (moderation) WHERE moderation <> 'visible';
CREATE INDEX services_moderation_idx ON services (moderation) WHERE moderation <> 'visible';
CREATE INDEX offers_moderation_idx ON offers (moderation) WHERE moderation <> 'visible';
CREATE INDEX videos_moderation_idx ON videos (moderation) WHERE moderation <> 'visible';

-- Suspension ends every session and refuses login with the reason; email verification is shown
-- as a badge and weighs in the scam shield.
ALTER TABLE users
  ADD COLUMN suspended_at timestamptz,
  ADD COLUMN suspended_reason text,
  ADD COLUMN email_verified boolean NOT NULL DEFAULT false,
  ADD COLUMN verified_domain text;

-- blocker_id no longer sees blocked_id's content; neither can reach the other.
CREATE TABLE blocks (
  blocker_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_id, blocked_id),
  CHECK (blocker_id <> blocked_id)
);
CREATE INDEX blocks_blocked_id_idx ON blocks (blocked_id);
