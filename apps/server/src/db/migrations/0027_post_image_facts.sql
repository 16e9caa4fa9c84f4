-- Data saver (docs/features/kiswahili.md): what a post's picture costs before anyone downloads it, and a tiny blurred
-- stand-in to show instead. Written at upload; rows from before stay null (the web then shows a
-- plain box without a size).
ALTER TABLE posts
  ADD COLUMN image_bytes integer CHECK (image_bytes IS NULL OR image_bytes > 0),
  ADD COLUMN image_feed_bytes integer CHECK (image_feed_bytes IS NULL OR image_feed_bytes > 0),
  -- A WebP about 24 px wide as a data: URI, a few hundred characters.
  ADD COLUMN image_placeholder text CHECK (
    image_placeholder IS NULL
    OR (image_placeholder LIKE 'data:image/webp;base64,%' AND char_length(image_placeholder) <= 4000)
  );
