-- Background work on a job queue kept in the database (docs/design.md#past-one-machine, docs/operations.md): video renditions,
-- emails and other work that must survive a restart and may run on another process (ROLE=worker).
-- Workers claim a due job with FOR UPDATE SKIP LOCKED, so several never take the same one; a job
-- whose worker died (locked_until passed) is taken again. Finished jobs are deleted; a job that used
-- all its attempts stays as 'failed' (the dead-letter list admins see).
CREATE TABLE background_jobs (
  id            serial PRIMARY KEY,
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  payload       text NOT NULL DEFAULT '{}', -- JSON as text (as idempotency_keys keeps headers)
  -- At most one queued or running job per name and key (a video's renditions are enqueued once).
  singleton_key text CHECK (length(singleton_key) <= 200),
  state         text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'failed')),
  attempts      integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts  integer NOT NULL CHECK (max_attempts >= 1),
  run_at        timestamptz NOT NULL DEFAULT now(),
  locked_until  timestamptz,
  last_error    text,
  failed_at     timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX background_jobs_singleton_idx ON background_jobs (name, singleton_key)
  WHERE singleton_key IS NOT NULL AND state IN ('queued', 'running');
CREATE INDEX background_jobs_due_idx ON background_jobs (run_at, id) WHERE state = 'queued';
CREATE INDEX background_jobs_lease_idx ON background_jobs (locked_until) WHERE state = 'running';
CREATE INDEX background_jobs_failed_idx ON background_jobs (failed_at DESC, id DESC) WHERE state = 'failed';
