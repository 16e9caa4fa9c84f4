import { z } from 'zod';
import { Id } from './input';

export const NOTIFICATION_TYPES = ['info', 'success', 'error'] as const;
export type NotificationKind = (typeof NOTIFICATION_TYPES)[number];

/** SPEC §3 Notification. */
export interface NotificationDto {
  id: number;
  user_id: number;
  message: string;
  type: NotificationKind;
  is_read: boolean;
  created_at: string;
}

/** POST /api/notifications: a member may write a note to themselves only. */
export const NotificationInput = z.object({
  user_id: Id,
  message: z.string().trim().min(1, 'Message is required').max(500, 'Message is too long'),
  type: z.enum(NOTIFICATION_TYPES).default('info'),
});
export type NotificationInputValues = z.infer<typeof NotificationInput>;
