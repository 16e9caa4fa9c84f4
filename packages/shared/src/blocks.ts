import { z } from 'zod';

/** `POST` / `DELETE /api/users/{username}/block` (both idempotent). */
export const BlockAnswerSchema = z.object({
  blocked: z.boolean(),
  username: z.string(),
});
export type BlockAnswer = z.infer<typeof BlockAnswerSchema>;

/** One row of `GET /api/blocks`: a member I blocked, newest first. */
export const BlockedMemberSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  profile_pic: z.string().nullable(),
  blocked_at: z.string(),
});
export type BlockedMember = z.infer<typeof BlockedMemberSchema>;

/** The 403 message between a blocked pair (either side blocked the other). */
export const BLOCKED_MESSAGE = 'You cannot do this: one of you has blocked the other';
