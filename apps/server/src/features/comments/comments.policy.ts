import type { CurrentUser } from '../../platform/auth';

/** The comment's author, the post's owner (their thread) and admins (moderation) delete a comment. */
export const canDeleteComment = (
  user: Pick<CurrentUser, 'id' | 'role'> | null,
  comment: { author_id: number },
  postOwnerId: number,
) => user !== null && (user.id === comment.author_id || user.id === postOwnerId || user.role === 'admin');
