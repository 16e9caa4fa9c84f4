-- A suspended member's items leave every public list while they are suspended (platform/visibility):
-- each list asks whether its rows' authors are suspended. Only suspended members are in this index,
-- a handful of rows, so the question costs one small probe (or one hash of the few) per query.
CREATE INDEX users_suspended_idx ON users (id) WHERE suspended_at IS NOT NULL;
