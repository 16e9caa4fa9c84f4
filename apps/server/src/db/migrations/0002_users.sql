CREATE TABLE users (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Stored with the leading @ (docs/design.md#behaviour-the-specification-leaves-open); unique whatever the case.
  username      text NOT NULL CHECK (username ~ '^@[A-Za-z][A-Za-z0-9_]{1,30}$'),
  name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  email         text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254),
  location      text NOT NULL DEFAULT '' CHECK (char_length(location) <= 100),
  bio           text NOT NULL DEFAULT '' CHECK (char_length(bio) <= 250),
  profile_pic   text,
  password_hash text NOT NULL,
  role          text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
CREATE INDEX users_location_lower_idx ON users (lower(location));
CREATE INDEX users_created_at_idx ON users (created_at DESC, id DESC);
CREATE INDEX users_search_trgm_idx ON users USING gin ((lower(name || ' ' || username || ' ' || location)) gin_trgm_ops);
