-- Job applications with a lifecycle and an optional CV; jobs that close and expire (docs/design.md#job-applications).

-- A job takes applications while open and before expires_at (30 days unless the poster chose 1–90).
ALTER TABLE jobs ADD COLUMN status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed'));
ALTER TABLE jobs ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '30 days';
-- The public lists keep open, unexpired jobs only: filter columns indexed.
CREATE INDEX jobs_status_expires_at_idx ON jobs (status, expires_at);

ALTER TABLE job_applications ADD COLUMN status text NOT NULL DEFAULT 'submitted'
  CHECK (status IN ('submitted', 'viewed', 'shortlisted', 'rejected', 'hired', 'withdrawn'));
ALTER TABLE job_applications ADD COLUMN status_changed_at timestamptz;
-- The CV's key under DATA_DIR/private (never served statically), e.g. cv/<uuid>.pdf.
ALTER TABLE job_applications ADD COLUMN cv_path text CHECK (char_length(cv_path) <= 200);

-- The poster's list by status, newest first; the member's own list, newest first.
CREATE INDEX job_applications_job_id_status_idx
  ON job_applications (job_id, status, created_at DESC, id DESC);
CREATE INDEX job_applications_job_id_created_at_idx
  ON job_applications (job_id, created_at DESC, id DESC);
CREATE INDEX job_applications_user_id_created_at_idx
  ON job_applications (user_id, created_at DESC, id DESC);
DROP INDEX job_applications_user_id_idx;
