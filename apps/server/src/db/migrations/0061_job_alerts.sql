-- Job alerts: a member's saved searches of the Jobs list (at most 10, counted by the service), and
-- the jobs each member was told about. A job reaches a member once however many of their alerts it
-- matches: the primary key of job_alert_deliveries says so.
CREATE TABLE job_alerts (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  query       text CHECK (char_length(query) BETWEEN 1 AND 100),
  county      text CHECK (char_length(county) BETWEEN 1 AND 40),
  type        text CHECK (char_length(type) BETWEEN 1 AND 50),
  salary_min  numeric(14, 2) CHECK (salary_min >= 0),
  frequency   text NOT NULL CHECK (frequency IN ('instant', 'daily')),
  channels    text[] NOT NULL DEFAULT '{}' CHECK (channels <@ ARRAY['push', 'email', 'sms']::text[]),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_alerts_user_id_idx ON job_alerts (user_id, id);
CREATE INDEX job_alerts_county_idx ON job_alerts (county);

CREATE TABLE job_alert_deliveries (
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  job_id       integer NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  -- The alert that matched first; null once that alert is deleted.
  alert_id     integer REFERENCES job_alerts (id) ON DELETE SET NULL,
  frequency    text NOT NULL CHECK (frequency IN ('instant', 'daily')),
  channels     text[] NOT NULL DEFAULT '{}',
  -- When the member was told (at once, or in the morning's digest); null while a digest waits.
  notified_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, job_id)
);
CREATE INDEX job_alert_deliveries_job_id_idx ON job_alert_deliveries (job_id);
CREATE INDEX job_alert_deliveries_alert_id_idx ON job_alert_deliveries (alert_id);
CREATE INDEX job_alert_deliveries_waiting_idx ON job_alert_deliveries (user_id) WHERE notified_at IS NULL;
