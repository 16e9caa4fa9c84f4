import type { NotificationDto } from '@jamii/shared';
import { jsonResponse, type Routes } from './auth';

let lastId = 500;

/** A notification as the API answers one; each call a new id unless given. */
export function makeNotification(overrides: Partial<NotificationDto> = {}): NotificationDto {
  const id = overrides.id ?? ++lastId;
  return {
    id,
    user_id: 42,
    message: `Notification ${id}`,
    type: 'info',
    is_read: false,
    created_at: '2025-03-01T09:00:00.000Z',
    link: null,
    ...overrides,
  };
}

/**
 * What the common layout asks for every member (the poll and the bell's count): spread into a
 * fake server's routes so pages in the layout can be tested without noise.
 */
export function notificationRoutes(
  userId: number,
  { latest = [], count = 0 }: { latest?: NotificationDto[]; count?: number } = {},
): Routes {
  return {
    [`GET /api/notifications/${userId}?limit=10`]: () => jsonResponse(latest),
    [`GET /api/notifications/${userId}/unread-count`]: () => jsonResponse({ count }),
  };
}
