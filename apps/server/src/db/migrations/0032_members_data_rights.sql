-- The consent record (issue 16 §6, Kenya Data Protection Act 2019 s. 32): the version of the privacy
-- notice a member accepted when signing up, and when. NULL for accounts made before it was recorded.
ALTER TABLE users ADD COLUMN terms_version text CHECK (char_length(terms_version) <= 20);
ALTER TABLE users ADD COLUMN terms_accepted_at timestamptz;
