CREATE TABLE videos (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id           integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title             text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 150),
  description       text NOT NULL DEFAULT '' CHECK (char_length(description) <= 2000),
  -- 60 s or less is a short; longer is long (docs/design.md#behaviour-the-specification-leaves-open).
  kind              text NOT NULL CHECK (kind IN ('short', 'long')),
  duration_seconds  numeric(10, 3) NOT NULL CHECK (duration_seconds > 0),
  video_url         text NOT NULL,
  thumbnail_url     text,
  mime_type         text NOT NULL,
  size_bytes        bigint NOT NULL CHECK (size_bytes > 0),
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX videos_kind_created_at_idx ON videos (kind, created_at DESC, id DESC);
CREATE INDEX videos_user_id_kind_idx ON videos (user_id, kind, created_at DESC, id DESC);
CREATE INDEX videos_title_trgm_idx ON videos USING gin (lower(title) gin_trgm_ops);
