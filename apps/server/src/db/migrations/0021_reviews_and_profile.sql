-- Reviews after a deal (docs/design.md#reviews) and a fuller professional profile.
--
-- A review belongs to exactly one deal: a Completed bid (its owner and the winning bidder review
-- each other) or a hired job application (the poster and the hired member). Each party reviews the
-- other once per deal: the unique indexes refuse a second review, whatever races the service loses.
CREATE TABLE reviews (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reviewer_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reviewee_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  bid_id          integer REFERENCES bids (id) ON DELETE CASCADE,
  application_id  integer REFERENCES job_applications (id) ON DELETE CASCADE,
  rating          integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  text            text NOT NULL DEFAULT '' CHECK (char_length(text) <= 1000),
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK ((bid_id IS NULL) <> (application_id IS NULL)),
  CHECK (reviewer_id <> reviewee_id),
  UNIQUE (reviewer_id, bid_id),
  UNIQUE (reviewer_id, application_id)
);
-- A member's reviews, newest first (keyset pages); the other foreign keys for their cascades.
CREATE INDEX reviews_reviewee_id_created_at_idx ON reviews (reviewee_id, created_at DESC, id DESC);
CREATE INDEX reviews_bid_id_idx ON reviews (bid_id);
CREATE INDEX reviews_application_id_idx ON reviews (application_id);

-- The rating shown on profiles, people rows and offers, kept in the review's transaction so a
-- list reads it from the users row it already has (no aggregate per row).
-- Headline (≤ 120) and skills (≤ 20 of 1–40 characters, deduplicated by the service).
ALTER TABLE users
  ADD COLUMN rating_sum integer NOT NULL DEFAULT 0 CHECK (rating_sum >= 0),
  ADD COLUMN rating_count integer NOT NULL DEFAULT 0 CHECK (rating_count >= 0),
  ADD COLUMN headline text NOT NULL DEFAULT '' CHECK (char_length(headline) <= 120),
  ADD COLUMN skills text[] NOT NULL DEFAULT '{}' CHECK (cardinality(skills) <= 20);

-- array_to_string is only STABLE in PostgreSQL; over text[] it is immutable in fact, and an index
-- expression needs a function marked so.
CREATE FUNCTION jamii_skills_text(skills text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_string(skills, ' ') $$;

-- People search (Discover, Find People) matches name, username, location, headline and skills:
-- the same expression as follows.repo's findSuggestions.
CREATE INDEX users_profile_search_trgm_idx ON users USING gin (
  (lower(name || ' ' || username || ' ' || location || ' ' || headline || ' ' || jamii_skills_text(skills))) gin_trgm_ops
);
DROP INDEX users_search_trgm_idx;
