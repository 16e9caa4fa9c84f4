-- The USSD PIN: a feature phone has no password field, so acting by USSD (apply, accept, reply)
-- takes four digits, hashed like a password. Three wrong PINs lock it for 30 minutes.
CREATE TABLE ussd_pins (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  pin_hash text NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  locked_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- STOP by SMS: no notification SMS at all until START, whatever each category says.
ALTER TABLE users ADD COLUMN sms_stopped boolean NOT NULL DEFAULT false;
