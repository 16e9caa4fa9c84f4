// The preference categories on their own, without zod: the notification bell reads them, and the
// feed's download should not carry the notifications' schemas (the JavaScript budget (docs/web-performance.md)).
/**
 * What a notification is about, for the member's preferences (docs/features/notifications.md). Notices about the account
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
  'messages',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** The ways a notification may reach a member: in Jamii, by Web Push, by email, by SMS. */
export const NOTIFICATION_CHANNELS = ['in_app', 'push', 'email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Push for the deals and what is said about a member; email for deals; SMS only when asked for. */
export function defaultChannels(category: NotificationCategory): Record<NotificationChannel, boolean> {
  const deal = category === 'offers' || category === 'applications';
  return {
    in_app: true,
    push: deal || category === 'messages' || category === 'reviews',
    email: deal,
    sms: false,
  };
}
