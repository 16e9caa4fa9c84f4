-- Low-data copies of each video (docs/design.md#past-one-machine): 240p and 360p H.264/AAC with the index at the front,
-- made in the background after the upload answers. One row per height: a handler run twice keeps one.
CREATE TABLE video_renditions (
  video_id    integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  height      integer NOT NULL CHECK (height IN (240, 360)),
  url         text NOT NULL,
  size_bytes  bigint NOT NULL CHECK (size_bytes > 0),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (video_id, height)
);
