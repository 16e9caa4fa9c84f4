import { z } from 'zod';
import { Id } from './input';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from './notification-categories';

export const NOTIFICATION_TYPES = ['info', 'success', 'error'] as const;
export type NotificationKind = (typeof NOTIFICATION_TYPES)[number];

/** the specified fields Notification. */
export const NotificationSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  /**
   * The text in the recipient's language, rendered when read from its kind and parameters
   * (notification-texts.ts); a note written with `POST /api/notifications` as it was written.
   */
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  is_read: z.boolean(),
  created_at: z.string(),
  /** The page it is about, a path on this site (`/user/amina_hassan`), or null. */
  link: z.string().nullable(),
});
export type NotificationDto = z.infer<typeof NotificationSchema>;

/** GET /api/notifications/:userId/unread-count. */
export const UnreadCountSchema = z.object({ count: z.number() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

const ChannelsSchema = z.object({
  in_app: z.boolean(),
  push: z.boolean(),
  email: z.boolean(),
  sms: z.boolean(),
});

/** `GET /api/notifications/preferences`: every category with its channels (defaults: `defaultChannels`). */
export const NotificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_CATEGORIES.map((category) => [category, ChannelsSchema])) as Record<
    NotificationCategory,
    typeof ChannelsSchema
  >,
);
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

const ChannelsChange = z.strictObject(ChannelsSchema.shape).partial();

/** `PUT /api/notifications/preferences`: the categories and channels to change; the rest stay. */
export const NotificationPreferencesInput = z.strictObject(
  Object.fromEntries(
    NOTIFICATION_CATEGORIES.map((category) => [category, ChannelsChange.optional()]),
  ) as Record<NotificationCategory, z.ZodOptional<typeof ChannelsChange>>,
);
export type NotificationPreferencesInputValues = z.infer<typeof NotificationPreferencesInput>;

/** `PUT /api/notifications/read-all`: how many were unread and are now read. */
export const ReadAllAnswerSchema = z.object({ marked: z.number() });
export type ReadAllAnswer = z.infer<typeof ReadAllAnswerSchema>;

/** POST /api/notifications: a member may write a note to themselves only. */
export const NotificationInput = z.object({
  user_id: Id,
  message: z.string().trim().min(1, 'Message is required').max(500, 'Message is too long'),
  type: z.enum(NOTIFICATION_TYPES).default('info'),
});
export type NotificationInputValues = z.infer<typeof NotificationInput>;

/** `POST /api/unsubscribe?token=…`: the signed token of a notification email's link. */
export const UnsubscribeQuery = z.object({ token: z.string().min(1).max(200) });
/** `GET /api/unsubscribe?token=…`: the page a mail client's link opens, with one button that sends the POST. */
export const UnsubscribePageSchema = z.string().meta({
  description: 'An HTML page (text/html) with one button that unsubscribes, or says the link is not valid',
});
/** What one-click unsubscribe turned off. */
export const UnsubscribeAnswerSchema = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES),
  email: z.literal(false),
});
