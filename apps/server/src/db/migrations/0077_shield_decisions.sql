-- Moderators' decisions on items the scam shield screens, one row each: approving or rejecting a held
-- item, and acting on (or dismissing) scam reports of an item the shield let through. They train
-- nothing by themselves; `npm run shield:report` counts them into the shield's confusion figures.
CREATE TABLE shield_decisions (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  target_type   text NOT NULL CHECK (target_type IN ('post', 'job', 'bid', 'service')),
  target_id     integer NOT NULL,
  -- The shield's own verdict at the time: it held the item (a high risk).
  shield_held   boolean NOT NULL,
  -- Open scam reports from members other than the author when the moderator decided.
  scam_reports  integer NOT NULL DEFAULT 0 CHECK (scam_reports >= 0),
  -- reject: it was a scam (hidden or removed); approve: it was honest (shown).
  decision      text NOT NULL CHECK (decision IN ('approve', 'reject')),
  risk_level    text NOT NULL CHECK (risk_level IN ('none', 'caution', 'high')),
  risk_reasons  text[] NOT NULL DEFAULT '{}',
  decided_by    integer REFERENCES users (id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shield_decisions_decided_by_idx ON shield_decisions (decided_by);
CREATE INDEX shield_decisions_target_idx ON shield_decisions (target_type, target_id);
CREATE INDEX shield_decisions_created_idx ON shield_decisions (created_at);
