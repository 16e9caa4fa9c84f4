import type { CurrentUser } from '../../platform/auth';

/** The author removes their post; an admin removes anyone's (moderation). */
export const canDeletePost = (user: CurrentUser, post: { user_id: number }) =>
  post.user_id === user.id || user.role === 'admin';
/** Only the author edits a post (an admin hides or removes, never rewrites). */
export const canEditPost = (user: CurrentUser, post: { user_id: number }) => post.user_id === user.id;
