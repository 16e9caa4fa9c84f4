-- A notification opens what it is about (docs/features/notifications.md): a path on this site, never another site's URL.
ALTER TABLE notifications
  ADD COLUMN link text CHECK (link IS NULL OR (char_length(link) <= 300 AND link LIKE '/%' AND link NOT LIKE '//%'));
