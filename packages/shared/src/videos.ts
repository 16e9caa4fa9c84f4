import { z } from 'zod';
import { ID_MAX, numberInput, optionalText, requiredText } from './input';
import { ModerationStateSchema } from './visibility';

export const VIDEO_LIMITS = { title: 150, description: 2000 } as const;

/** A video this long or shorter is a short (docs/design.md#behaviour-the-specification-leaves-open); longer is a long video. */
export const SHORT_VIDEO_MAX_SECONDS = 60;
export const VIDEO_KINDS = ['short', 'long'] as const;
export type VideoKind = (typeof VIDEO_KINDS)[number];

/**
 * Short or long by the duration as a person reads it (whole seconds): a phone's "60 s" clip is
 * often a few hundredths longer in its container (audio priming, the last frame's length).
 */
export const videoKind = (durationSeconds: number): VideoKind =>
  Math.round(durationSeconds) <= SHORT_VIDEO_MAX_SECONDS ? 'short' : 'long';

/** The text fields of an upload; the file is the multipart part `video` (docs/design.md#api-conventions). */
export const VideoInput = z.object({
  title: requiredText('Video title', VIDEO_LIMITS.title),
  description: optionalText('Description', VIDEO_LIMITS.description).default(''),
});
export type VideoInputValues = z.infer<typeof VideoInput>;

/** A video as lists receive it (the specified fields names, with the aliases the SPEC's screens read). */
export const VideoSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(VIDEO_KINDS),
  duration_seconds: z.number(),
  /** Served with HTTP range requests, so a player fetches only what it plays. */
  video_url: z.string(),
  /** The same as video_url (the specified fields). */
  url: z.string(),
  /** A still frame about 480 px wide (WebP); null if none could be made. */
  thumbnail_url: z.string().nullable(),
  /** The same as thumbnail_url (the specified fields). */
  thumbnail: z.string().nullable(),
  /** Who sees it (docs/design.md#trust-and-safety): hidden or held items reach only their author and admins. */
  moderation: ModerationStateSchema,
  user_id: z.number(),
  /** The uploader's name. */
  uploader: z.string(),
  username: z.string(),
  profile_pic: z.string().nullable(),
  created_at: z.string(),
  size_bytes: z.number(),
  /** video/mp4 or video/webm. */
  mime_type: z.string(),
  /**
   * Low-data copies (docs/design.md#past-one-machine), smallest first, as they become ready: 240p and 360p H.264/AAC
   * MP4, only those smaller than the upload. Empty until made; the player falls back to video_url.
   */
  renditions: z.array(z.object({ height: z.number(), url: z.string(), size_bytes: z.number() })),
  /**
   * True while its low-data copies are still being made (a job queued or running). The original
   * plays meanwhile, so everyone sees the video; the web app shows "Processing…" to its uploader,
   * whose sockets get `videoReady` when the copies are done.
   */
  processing: z.boolean(),
});
export type VideoDto = z.infer<typeof VideoSchema>;

/** Lists: one member's videos with user_id; Explore sends its search text (a part of the title). */
export const VideoListQuery = z.object({
  user_id: numberInput(
    z
      .number({ error: 'user_id must be a number' })
      .int('user_id must be a whole number')
      .positive('user_id must be positive')
      .max(ID_MAX, 'user_id is too large'),
  ).optional(),
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
});
export type VideoListQueryValues = z.infer<typeof VideoListQuery>;
