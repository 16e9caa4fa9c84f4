-- Verified employers and licensed agencies: a member asks (with the company's KRA PIN, registration
-- number, an agency's NEA licence and a PDF certificate) and an admin decides. The member's flags
-- are kept on users, as email_verified is, so every card reads them without a join on requests.
CREATE TABLE employer_verifications (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id          integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind             text NOT NULL CHECK (kind IN ('company', 'agency')),
  legal_name       text NOT NULL CHECK (char_length(legal_name) BETWEEN 1 AND 200),
  kra_pin          text NOT NULL CHECK (kra_pin ~ '^[AP][0-9]{9}[A-Z]$'),
  registration_no  text NOT NULL CHECK (char_length(registration_no) BETWEEN 1 AND 50),
  nea_licence_no   text CHECK (char_length(nea_licence_no) BETWEEN 1 AND 50),
  -- The private storage key of the PDF; its size counts as the member's stored bytes.
  document_path    text NOT NULL,
  document_bytes   integer NOT NULL CHECK (document_bytes > 0),
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  note             text CHECK (char_length(note) <= 500),
  decided_by       integer REFERENCES users (id) ON DELETE SET NULL,
  decided_at       timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (kind = 'company' OR nea_licence_no IS NOT NULL),
  CHECK ((status = 'pending') = (decided_at IS NULL))
);
CREATE INDEX employer_verifications_user_id_idx ON employer_verifications (user_id, id);
CREATE INDEX employer_verifications_status_idx ON employer_verifications (status, id);
CREATE INDEX employer_verifications_decided_by_idx ON employer_verifications (decided_by);
-- One request waits at a time per member.
CREATE UNIQUE INDEX employer_verifications_one_pending_idx ON employer_verifications (user_id)
  WHERE status = 'pending';

ALTER TABLE users ADD COLUMN employer_verified boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN agency_licensed boolean NOT NULL DEFAULT false;
