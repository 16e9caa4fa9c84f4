-- Notifications as a kind and its parameters (docs/features/notifications.md, docs/design.md#conversation-around-posts), rendered in the reader's
-- language when read (packages/shared/src/notification-texts.ts). Rows written before have neither:
-- their stored message stays their rendering. New rows keep the English rendering in message too.
ALTER TABLE notifications ADD COLUMN kind text;
ALTER TABLE notifications ADD COLUMN params jsonb;
