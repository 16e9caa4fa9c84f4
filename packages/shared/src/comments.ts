import { z } from 'zod';
import { Id, requiredText } from './input';

// Comments on posts (docs/design.md#conversation-around-posts): oldest first, one level of replies.

export const COMMENT_BODY_MAX = 1000;

/** The comment text as the form and the server check it: 1–1000 characters after trimming. */
export const CommentBody = requiredText('Comment', COMMENT_BODY_MAX);

/**
 * POST /api/posts/{id}/comments. `parent_id` makes it a reply; a reply to a reply is attached to
 * that reply's own parent (threads stay one level deep).
 */
export const CommentInput = z.object({
  body: CommentBody,
  parent_id: Id.optional(),
});
export type CommentInputValues = z.infer<typeof CommentInput>;

export const CommentAuthorSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  profile_pic: z.string().nullable(),
});
export type CommentAuthorDto = z.infer<typeof CommentAuthorSchema>;

export const CommentSchema = z.object({
  id: z.number(),
  post_id: z.number(),
  /** The top-level comment this one answers; null for a top-level comment. */
  parent_id: z.number().nullable(),
  author: CommentAuthorSchema,
  body: z.string(),
  created_at: z.string(),
  /** Whether the viewer may delete it (its author, the post's owner, an admin). */
  can_delete: z.boolean(),
});
export type CommentDto = z.infer<typeof CommentSchema>;

/**
 * `commentAdded`, to the sockets watching the post (room `post:{id}`). `comment.can_delete` is
 * false in the event: each receiver works out its own (author, post owner, admin).
 */
export interface CommentAddedEvent {
  post_id: number;
  comment: CommentDto;
}
