-- One row per login (a family of refresh tokens). Revocation belongs to the login, not to one of
-- its tokens: every rotation and every revocation locks this row first, so a token rotated in at
-- the moment the login is revoked ends with it. Access tokens name the login (their `sid`) and are
-- refused as soon as it is revoked.
CREATE TABLE session_families (
  id          uuid PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  revoked_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX session_families_user_id_idx ON session_families (user_id);

-- A login with any revoked token counts as revoked: revocation always covered the whole family.
INSERT INTO session_families (id, user_id, revoked_at, created_at)
SELECT family_id, min(user_id), max(revoked_at), min(created_at)
FROM sessions
GROUP BY family_id;

ALTER TABLE sessions
  ADD CONSTRAINT sessions_family_id_fkey
  FOREIGN KEY (family_id) REFERENCES session_families (id) ON DELETE CASCADE;
ALTER TABLE sessions DROP COLUMN revoked_at;
