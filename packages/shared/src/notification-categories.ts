// The preference categories on their own, without zod: the notification bell reads them, and the
// feed's download should not carry the notifications' schemas (issue 17's JavaScript budget).
/**
 * What a notification is about, for the member's preferences (issue 12). Notices about the account
 * itself and the moderators' decisions have no category: they cannot be turned off.
 */
export const NOTIFICATION_CATEGORIES = [
  'follows',
  'likes',
  'comments',
  'mentions',
  'offers',
  'applications',
  'reviews',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
