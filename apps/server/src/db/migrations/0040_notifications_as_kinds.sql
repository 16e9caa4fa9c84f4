-- Notifications are stored as a kind and its parameters only, rendered in the reader's language when
-- read (packages/shared/src/notification-texts.ts). The English sentence stored beside them, and its
-- 500-character check, made a notice fail to store (and the write that told of it answer 500) when
-- it quoted a long text: the scam shield's held notice with every reason runs past 700 characters.
-- Rows written before notices had a kind keep their sentence: it stays their only rendering.
ALTER TABLE notifications DROP CONSTRAINT notifications_message_check;
ALTER TABLE notifications ALTER COLUMN message DROP NOT NULL;
-- Every kind written so far renders from its parameters (notification-texts.ts still knows each one).
UPDATE notifications SET message = NULL WHERE kind IS NOT NULL;
ALTER TABLE notifications
  ADD CONSTRAINT notifications_kind_or_message CHECK (kind IS NOT NULL OR message IS NOT NULL);
