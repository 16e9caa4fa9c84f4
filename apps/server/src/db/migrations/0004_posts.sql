CREATE TABLE posts (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title           text CHECK (title IS NULL OR char_length(title) <= 200),
  content         text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 5000),
  image_url       text,
  -- A feed-sized variant, so a phone never downloads the full picture in the list.
  image_feed_url  text,
  -- Kept in step with post_likes in the same transaction, so a feed page needs no count(*).
  like_count      integer NOT NULL DEFAULT 0 CHECK (like_count >= 0),
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX posts_created_at_idx ON posts (created_at DESC, id DESC);
CREATE INDEX posts_user_id_created_at_idx ON posts (user_id, created_at DESC, id DESC);
CREATE INDEX posts_content_trgm_idx ON posts USING gin (lower(content) gin_trgm_ops);

CREATE TABLE post_likes (
  post_id     integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (post_id, user_id)
);
CREATE INDEX post_likes_user_id_idx ON post_likes (user_id);

-- Topics are the hashtags used in posts (docs/design.md#behaviour-the-specification-leaves-open).
CREATE TABLE hashtags (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tag         text NOT NULL CHECK (tag ~ '^[a-z0-9_]{1,64}$'),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX hashtags_tag_key ON hashtags (tag);
CREATE INDEX hashtags_tag_trgm_idx ON hashtags USING gin (tag gin_trgm_ops);

CREATE TABLE post_hashtags (
  post_id     integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  hashtag_id  integer NOT NULL REFERENCES hashtags (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (post_id, hashtag_id)
);
-- Trending: recent uses of each tag.
CREATE INDEX post_hashtags_hashtag_id_created_at_idx ON post_hashtags (hashtag_id, created_at DESC);
