-- Members' data rights (docs/features/your-data.md, Kenya Data Protection Act 2019).
-- The consent record (s. 32): the version of the privacy notice a member accepted when signing up,
-- and when. NULL for accounts made before it was recorded.
ALTER TABLE users ADD COLUMN IF NOT EXISTS terms_version text CHECK (char_length(terms_version) <= 20);
ALTER TABLE users ADD COLUMN IF NOT EXISTS terms_accepted_at timestamptz;
-- Erasure (s. 40): who caused a notification ("Wanjiru liked your post" names her), so that deleting
-- her account deletes what it told others about her. NULL for notices caused by no member.
ALTER TABLE notifications ADD COLUMN IF NOT EXISTS actor_id integer REFERENCES users (id) ON DELETE CASCADE;
CREATE INDEX IF NOT EXISTS notifications_actor_id_idx ON notifications (actor_id) WHERE actor_id IS NOT NULL;
