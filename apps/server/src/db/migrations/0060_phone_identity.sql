-- Phone numbers as identity: a member proves a number by a six-digit code sent to it, and may then
-- sign in with it, or join with it instead of a company email.
--
-- A phone-only member has no email; every account keeps at least one way to reach it.
ALTER TABLE users
  ALTER COLUMN email DROP NOT NULL,
  ADD COLUMN phone_verified boolean NOT NULL DEFAULT false;
ALTER TABLE users
  ADD CONSTRAINT users_email_or_verified_phone CHECK (email IS NOT NULL OR (phone_verified AND phone IS NOT NULL));
-- A verified number belongs to one account; the same number typed unverified on another profile
-- stays allowed (and stops counting once someone proves it is theirs).
CREATE UNIQUE INDEX users_verified_phone_key ON users (phone) WHERE phone_verified;

-- One code sent to one number. Only an HMAC of the code is kept (six digits are too few for a plain
-- hash). A code proved for a number nobody has verified yields a signup token, kept hashed too.
CREATE TABLE phone_codes (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone              text NOT NULL CHECK (phone ~ '^\+254[17][0-9]{8}$'),
  -- Who asked while signed in (to verify their own number); null when signed out.
  user_id            integer REFERENCES users (id) ON DELETE CASCADE,
  code_hash          text NOT NULL,
  attempts           integer NOT NULL DEFAULT 0 CHECK (attempts BETWEEN 0 AND 5),
  expires_at         timestamptz NOT NULL,
  used_at            timestamptz,
  signup_token_hash  text UNIQUE,
  signup_expires_at  timestamptz,
  signup_used_at     timestamptz,
  created_at         timestamptz NOT NULL
);
CREATE INDEX phone_codes_phone_created_at_idx ON phone_codes (phone, created_at DESC);
CREATE INDEX phone_codes_user_id_idx ON phone_codes (user_id);
