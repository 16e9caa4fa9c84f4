import type { VideoDto } from '@jamii/shared';
import type { VideoRow } from './videos.repo';

/** The only way a video row leaves the server; the SPEC's aliases (url, thumbnail) are filled here. */
export function toVideoDto(row: VideoRow): VideoDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    kind: row.kind,
    duration_seconds: Number(row.duration_seconds),
    video_url: row.video_url,
    url: row.video_url,
    thumbnail_url: row.thumbnail_url,
    thumbnail: row.thumbnail_url,
    moderation: row.moderation,
    user_id: row.user_id,
    uploader: row.uploader,
    username: row.username,
    profile_pic: row.profile_pic,
    created_at: row.created_at.toISOString(),
    size_bytes: Number(row.size_bytes),
    mime_type: row.mime_type,
    renditions: row.renditions.map((r) => ({
      height: r.height,
      url: r.url,
      size_bytes: Number(r.size_bytes),
    })),
    processing: Boolean(row.processing),
  };
}
