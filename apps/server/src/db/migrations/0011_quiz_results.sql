CREATE TABLE quiz_results (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  score       integer NOT NULL CHECK (score >= 0),
  total       integer NOT NULL CHECK (total > 0 AND total <= 1000),
  created_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (score <= total)
);
CREATE INDEX quiz_results_user_id_created_at_idx ON quiz_results (user_id, created_at DESC, id DESC);
