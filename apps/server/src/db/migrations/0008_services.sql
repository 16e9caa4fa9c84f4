CREATE TABLE services (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title        text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 150),
  description  text NOT NULL DEFAULT '' CHECK (char_length(description) <= 5000),
  price        numeric(12, 2) NOT NULL CHECK (price >= 0),
  location     text NOT NULL DEFAULT '' CHECK (char_length(location) <= 100),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX services_created_at_idx ON services (created_at DESC, id DESC);
CREATE INDEX services_user_id_idx ON services (user_id, created_at DESC, id DESC);
