-- An SMS that tells a member of a message names its conversation, so that the member's reply by SMS
-- (POST /api/sms/inbound) is posted there. A deleted conversation leaves the log row without it.
ALTER TABLE notification_deliveries
  ADD COLUMN conversation_id integer REFERENCES conversations (id) ON DELETE SET NULL;
-- The foreign key's index; the reply's lookup reads the member's newest SMS by user_idx.
CREATE INDEX notification_deliveries_conversation_idx ON notification_deliveries (conversation_id);
