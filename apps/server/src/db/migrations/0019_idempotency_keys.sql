-- Idempotency keys (README "Idempotency keys"): a signed-in member's POST carrying an
-- Idempotency-Key is claimed here before it runs, and its answer stored once it is sent, so a
-- repeat within 24 hours answers the stored response instead of running again.
--
-- status and response_body stay NULL while the first request is still running (a repeat then
-- answers 409); response_headers is a JSON object as text. Rows older than 24 hours are deleted
-- by the background platform.
CREATE TABLE idempotency_keys (
  user_id          integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key              text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 128),
  request          text NOT NULL,
  body_hash        text NOT NULL,
  status           integer,
  response_body    text,
  response_headers text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);
