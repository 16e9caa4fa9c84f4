import type { CurrentUser } from '../../platform/auth';

export const canEditProfile = (user: CurrentUser, profileId: number) => user.id === profileId;
export const canDeleteAccount = (user: CurrentUser, accountId: number) =>
  user.id === accountId || user.role === 'admin';
