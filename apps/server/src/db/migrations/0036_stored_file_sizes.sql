-- STORAGE_QUOTA_MB: what a member's stored files take is summed from the rows that name them
-- (users.repo sumStoredBytes), so deleting the row frees the space however it goes (by the member,
-- a moderator, a job's deletion with its CVs, the account's erasure). Posts' pictures, videos and
-- their low-data copies already keep their sizes; these are the files that did not. Rows from
-- before stay null and count as nothing: pictures of at most 512 px, thumbnails, and CVs already sent.
ALTER TABLE users
  ADD COLUMN profile_pic_bytes integer CHECK (profile_pic_bytes IS NULL OR profile_pic_bytes > 0);
ALTER TABLE videos
  ADD COLUMN thumbnail_bytes integer CHECK (thumbnail_bytes IS NULL OR thumbnail_bytes > 0);
ALTER TABLE job_applications
  ADD COLUMN cv_bytes integer CHECK (cv_bytes IS NULL OR cv_bytes > 0);
-- The sum reads a member's posts with a picture only (most posts have none).
CREATE INDEX posts_user_id_with_image_idx ON posts (user_id) WHERE image_url IS NOT NULL;
