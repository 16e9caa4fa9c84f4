-- Reports and the audit log (docs/design.md#trust-and-safety). A member reports an item once; open reports on one
-- target are resolved together by an admin. Every admin action leaves one audit row.
CREATE TABLE reports (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reporter_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  target_type  text NOT NULL CHECK (target_type IN ('post', 'job', 'bid', 'offer', 'service', 'video', 'user', 'message', 'comment')),
  target_id    integer NOT NULL,
  reason       text NOT NULL CHECK (reason IN ('spam', 'scam', 'harassment', 'hate', 'sexual', 'violence', 'fake', 'other')),
  note         text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'actioned')),
  resolved_by  integer REFERENCES users (id) ON DELETE SET NULL,
  resolved_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX reports_reporter_target_key ON reports (reporter_id, target_type, target_id);
CREATE INDEX reports_open_target_idx ON reports (target_type, target_id) WHERE status = 'open';
CREATE INDEX reports_resolved_by_idx ON reports (resolved_by);

CREATE TABLE audit_log (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Kept when the admin's account goes: the username stays readable in the log.
  admin_id        integer REFERENCES users (id) ON DELETE SET NULL,
  admin_username  text NOT NULL,
  action          text NOT NULL,
  target_type     text NOT NULL,
  target_id       integer,
  target_label    text NOT NULL DEFAULT '',
  note            text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_admin_id_idx ON audit_log (admin_id);
CREATE INDEX audit_log_created_at_idx ON audit_log (created_at DESC, id DESC);
