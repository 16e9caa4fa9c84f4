import type { CurrentUser } from '../../platform/auth';

type Service = { user_id: number };

/** The provider edits their service (docs/design.md#offers-that-behave-like-a-marketplace). */
export const canEditService = (user: CurrentUser, service: Service) => service.user_id === user.id;
/** The provider deletes it; an admin deletes any (moderation). */
export const canDeleteService = (user: CurrentUser, service: Service) =>
  service.user_id === user.id || user.role === 'admin';
