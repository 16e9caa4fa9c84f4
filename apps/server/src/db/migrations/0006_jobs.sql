CREATE TABLE jobs (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title        text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 150),
  -- Empty means the poster chose not to name it; cards show "Private".
  company      text NOT NULL DEFAULT '' CHECK (char_length(company) <= 150),
  location     text NOT NULL DEFAULT '' CHECK (char_length(location) <= 100),
  type         text NOT NULL DEFAULT '' CHECK (char_length(type) <= 50),
  description  text NOT NULL DEFAULT '' CHECK (char_length(description) <= 5000),
  salary       text NOT NULL DEFAULT '' CHECK (char_length(salary) <= 100),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_created_at_idx ON jobs (created_at DESC, id DESC);
CREATE INDEX jobs_client_id_idx ON jobs (client_id, created_at DESC, id DESC);
CREATE INDEX jobs_type_idx ON jobs (type);
CREATE INDEX jobs_location_lower_idx ON jobs (lower(location));
CREATE INDEX jobs_company_lower_idx ON jobs (lower(company));
CREATE INDEX jobs_search_trgm_idx ON jobs USING gin ((lower(title || ' ' || company || ' ' || location)) gin_trgm_ops);

CREATE TABLE job_applications (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job_id      integer NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message     text NOT NULL DEFAULT '' CHECK (char_length(message) <= 2000),
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (job_id, user_id)
);
CREATE INDEX job_applications_user_id_idx ON job_applications (user_id);

CREATE TABLE saved_jobs (
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  job_id      integer NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, job_id)
);
CREATE INDEX saved_jobs_job_id_idx ON saved_jobs (job_id);
CREATE INDEX saved_jobs_user_id_created_at_idx ON saved_jobs (user_id, created_at DESC);
