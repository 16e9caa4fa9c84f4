-- Two more channels beside in-app and email (Web Push and SMS), and a category for messages. A row
-- holds every channel of its category once the member changed one; without a row the defaults of
-- the code apply (push on for offers, applications, messages and reviews; email on for offers and
-- applications; SMS off). Rows saved before keep their choices; their new push switch takes the
-- category's default.
ALTER TABLE notification_preferences
  ADD COLUMN push boolean NOT NULL DEFAULT false,
  ADD COLUMN sms boolean NOT NULL DEFAULT false;

UPDATE notification_preferences SET push = true WHERE category IN ('offers', 'applications', 'reviews');

ALTER TABLE notification_preferences DROP CONSTRAINT notification_preferences_category_check;
ALTER TABLE notification_preferences ADD CONSTRAINT notification_preferences_category_check
  CHECK (category IN ('follows', 'likes', 'comments', 'mentions', 'offers', 'applications', 'reviews', 'messages'));
