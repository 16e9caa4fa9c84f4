-- Discover's people search (follows.repo findSuggestions) ranks members of the searcher's own town
-- first, so one of its branches asks for both the town and the search text. With an index for each,
-- PostgreSQL read the town's members and checked the text on each row (3,000 rows for "wanjiru" at
-- the benchmark's size L), or ANDed the town's 10,000 entries with the text's 19,000. One GIN index
-- over both (the town's value through btree_gin, the text's trigrams through pg_trgm) gives the
-- members who match both, and serves a search by text alone as the old index did, which it replaces.
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX users_town_search_idx ON users USING gin (
  lower(location),
  (lower(name || ' ' || username || ' ' || location || ' ' || headline || ' ' || jamii_skills_text(skills))) gin_trgm_ops
);
DROP INDEX users_profile_search_trgm_idx;
-- The planner's statistics on an index's expression come with the index: without them it guessed 10
-- members for a search matching 19,000 at bench size L, and every branch of the search read them all.
ANALYZE users;
