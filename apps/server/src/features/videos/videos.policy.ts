import type { CurrentUser } from '../../platform/auth';

export const canDeleteVideo = (user: CurrentUser, video: { user_id: number }) =>
  user.id === video.user_id || user.role === 'admin';
