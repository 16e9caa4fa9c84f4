-- Comments on posts (docs/design.md#conversation-around-posts): one level of replies (a reply's parent is a top-level comment),
-- moderated like the other items (a report can hide one; hidden ones reach their author and admins).
CREATE TABLE comments (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  post_id     integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  author_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  parent_id   integer REFERENCES comments (id) ON DELETE CASCADE,
  body        text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 1000),
  moderation  text NOT NULL DEFAULT 'visible' CHECK (moderation IN ('visible', 'hidden', 'held')),
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- A post's thread, oldest first, keyset-paged.
CREATE INDEX comments_post_id_created_at_idx ON comments (post_id, created_at, id);
CREATE INDEX comments_parent_id_idx ON comments (parent_id);
CREATE INDEX comments_author_id_idx ON comments (author_id);
CREATE INDEX comments_moderation_idx ON comments (moderation) WHERE moderation <> 'visible';

-- Kept in step by the database itself, so a feed page needs no count(*) and every way a comment
-- goes (its delete, its parent's, its author's account, a moderator's removal) moves the count.
ALTER TABLE posts ADD COLUMN comment_count integer NOT NULL DEFAULT 0 CHECK (comment_count >= 0);

CREATE FUNCTION comments_count_on_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE posts SET comment_count = comment_count + 1 WHERE id = NEW.post_id;
    RETURN NEW;
  END IF;
  -- When the post itself is being deleted, its row is already gone and nothing is updated.
  UPDATE posts SET comment_count = comment_count - 1 WHERE id = OLD.post_id;
  RETURN OLD;
END;
$$;
CREATE TRIGGER comments_count_on_post AFTER INSERT OR DELETE ON comments
  FOR EACH ROW EXECUTE FUNCTION comments_count_on_post();

-- The following feed reads posts by author (posts_user_id_created_at_idx) for the followees of one
-- member (the follows primary key starts with follower_id): both indexes exist already.
