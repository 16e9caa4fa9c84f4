-- The quiz is scored by the server (docs/design.md#trust-and-safety): a round is issued with its questions and right
-- answers kept here, answered once, and only then saved as a result. Results the browser scored
-- before this migration have no round and are no longer read.
CREATE TABLE quiz_rounds (
  id            uuid PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  questions     text NOT NULL, -- JSON: [{text, options, correct}], never sent to the browser
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  submitted_at  timestamptz
);
CREATE INDEX quiz_rounds_user_id_idx ON quiz_rounds (user_id);
CREATE INDEX quiz_rounds_expires_at_idx ON quiz_rounds (expires_at);

ALTER TABLE quiz_results ADD COLUMN round_id uuid UNIQUE REFERENCES quiz_rounds (id) ON DELETE CASCADE;
