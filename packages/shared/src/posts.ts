import { z } from 'zod';
import { optionalText, requiredText } from './input';
import { ModerationStateSchema } from './visibility';
import { RiskSchema } from './shield/risk-schema';

/** Hashtags in post text become topics: `#Nairobi` and `#nairobi` are one topic. */
export function extractHashtags(text: string): string[] {
  const tags = new Set<string>();
  for (const match of text.matchAll(/(?:^|[^\p{L}\p{N}_&])#([\p{L}\p{N}_]{1,64})/gu)) {
    const tag = match[1]!.toLowerCase();
    if (/^[a-z0-9_]+$/.test(tag) && !/^\d+$/.test(tag)) tags.add(tag);
  }
  return [...tags];
}

export const POST_CONTENT_MAX = 5000;
export const POST_TITLE_MAX = 200;
/** The full picture of a post and the variant the feed shows (longer side, in pixels). */
export const POST_IMAGE_MAX_SIDE = 1280;
export const POST_FEED_IMAGE_MAX_SIDE = 640;

/**
 * The composer's text fields (the specified validation rules: text required, whitespace only is empty). The author is the
 * signed-in member; a `user_id` field sent by the form is ignored. The picture is the `image` part.
 */
export const PostInput = z.object({
  content: requiredText('Post text', POST_CONTENT_MAX),
  title: optionalText('Title', POST_TITLE_MAX).optional(),
});
export type PostInputValues = z.infer<typeof PostInput>;

/** `PATCH /api/posts/{id}` (JSON) by the author: the text and the title, under the create rules. */
export const PostPatchInput = PostInput.partial();
export type PostPatchInputValues = z.infer<typeof PostPatchInput>;

/** A post as lists and the composer receive it, with what its card shows (the specified fields names). */
export const PostSchema = z.object({
  id: z.number(),
  content: z.string(),
  title: z.string().nullable(),
  /** The re-encoded picture (at most 1280 px); null without one. */
  image_url: z.string().nullable(),
  /** The feed-sized variant (at most 640 px), for lists on phones. */
  image_feed_url: z.string().nullable(),
  /** Data saver: the size in bytes of image_url and of image_feed_url; null without a picture or before they were recorded. */
  image_bytes: z.number().nullable(),
  image_feed_bytes: z.number().nullable(),
  /**
   * A blurred stand-in (a WebP about 24 px wide as a `data:` URI, a few hundred characters) shown
   * by the data saver until the member taps; null without a picture or for older posts.
   */
  image_placeholder: z.string().nullable(),
  created_at: z.string(),
  /** Set when the author edited the text. */
  edited_at: z.string().nullable(),
  /** Who sees it (docs/design.md#trust-and-safety): hidden or held items reach only their author and admins. */
  moderation: ModerationStateSchema,
  /** The scam shield's verdict (docs/design.md#trust-and-safety). */
  risk: RiskSchema,
  user_id: z.number(),
  name: z.string(),
  username: z.string(),
  profile_pic: z.string().nullable(),
  likes: z.number(),
  /** How many comments it has (replies included). */
  comment_count: z.number(),
  /** Whether the signed-in viewer likes it; false for visitors. */
  liked_by_me: z.boolean(),
});
export type PostDto = z.infer<typeof PostSchema>;

/** The answer to a like or an unlike (docs/design.md#api-conventions). */
export const LikeAnswerSchema = z.object({ likes: z.number(), liked: z.boolean() });
export type LikeAnswer = z.infer<typeof LikeAnswerSchema>;

/** Explore sends its search text (docs/design.md#principles): a case-insensitive substring of the post text. */
export const POST_FEEDS = ['all', 'following'] as const;
export type PostFeed = (typeof POST_FEEDS)[number];
/** Following is the default feed once a member follows this many people (docs/features/notifications.md). */
export const FOLLOWING_FEED_DEFAULT_AT = 5;

export const PostListQuery = z.object({
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
  /** `following`: posts of the people I follow and my own (signed-in members only, docs/design.md#conversation-around-posts). */
  feed: z.enum(POST_FEEDS, { error: 'feed is all or following' }).optional(),
});
export type PostListQueryValues = z.infer<typeof PostListQuery>;

/**
 * `GET /api/topics/{tag}/posts` (docs/design.md#conversation-around-posts): the topic as written in a post (`#Nairobi`, `Nairobi`)
 * or as stored (`nairobi`); topics are what extractHashtags keeps.
 */
export const TopicParams = z.object({
  tag: z
    .string()
    .max(65, 'A topic is at most 64 characters')
    .transform((tag) => tag.replace(/^#/, '').toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9_]{1,64}$/, 'A topic is letters, digits and underscores')),
});
