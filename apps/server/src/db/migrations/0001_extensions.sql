-- Trigram indexes make case-insensitive substring search fast (Discover, jobs search).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
