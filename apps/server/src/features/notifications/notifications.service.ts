import type { NotificationDto, NotificationInputValues } from '@jamii/shared';
import type { Selectable } from 'kysely';
import type { Kdb } from '../../db/database';
import type { NotificationsTable, NotificationType } from '../../db/schema';
import type { CurrentUser } from '../../platform/auth';
import { forbidden, notFound } from '../../platform/errors';
import { toPage, type PageRequest } from '../../platform/pagination';
import type { RealtimeEvents } from '../../platform/realtime';
import * as repo from './notifications.repo';

type NotificationRow = Pick<
  Selectable<NotificationsTable>,
  'id' | 'user_id' | 'message' | 'type' | 'is_read' | 'link' | 'created_at'
>;

export const toNotificationDto = (r: NotificationRow): NotificationDto => ({
  id: r.id,
  user_id: r.user_id,
  message: r.message,
  type: r.type,
  is_read: r.is_read,
  created_at: r.created_at.toISOString(),
  link: r.link,
});

/**
 * Notifications the server writes itself (SPEC §7 events). Each is pushed at once to the member's
 * sockets, so the bell updates without waiting for the 60-second poll. Inside a transaction use
 * notifyIn and call the answer after commit, so a rolled-back change pushes nothing.
 */
export function createNotifier(db: Kdb, events?: RealtimeEvents) {
  const publish = (row: NotificationRow) =>
    events?.emitToUser(row.user_id, 'notification', toNotificationDto(row));
  return {
    /** `link`: the path the notification opens (the post, the bid, the profile). */
    async notify(
      userId: number,
      message: string,
      type: NotificationType = 'info',
      link: string | null = null,
    ) {
      const row = await repo.insertNotification(db, { user_id: userId, message, type, link });
      publish(row);
      return row;
    },
    async notifyIn(
      trx: Kdb,
      userId: number,
      message: string,
      type: NotificationType = 'info',
      link: string | null = null,
    ) {
      const row = await repo.insertNotification(trx, { user_id: userId, message, type, link });
      return () => publish(row);
    },
    /** One notification per group key (likes on one post), refreshed instead of repeated. */
    async notifyGrouped(
      userId: number,
      groupKey: string,
      message: string,
      type: NotificationType = 'info',
      link: string | null = null,
    ) {
      const row = await repo.upsertGroupedNotification(db, {
        user_id: userId,
        message,
        type,
        group_key: groupKey,
        link,
      });
      publish(row);
      return row;
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;

// Another member's list answers 403 (it exists, it is not yours); another member's single
// notification answers 404 (you may not even learn that it exists) — STYLE rule 8.
export function createNotificationsService(db: Kdb, notifier: Notifier) {
  async function own(user: CurrentUser, id: number) {
    const row = await repo.findNotification(db, id);
    if (!row || row.user_id !== user.id) throw notFound('Notification');
    return row;
  }
  const assertSelf = (user: CurrentUser, userId: number) => {
    if (user.id !== userId) throw forbidden('You can only see your own notifications');
  };
  return {
    async list(user: CurrentUser, userId: number, page: PageRequest) {
      assertSelf(user, userId);
      const result = toPage(await repo.listNotifications(db, userId, page), page);
      return { ...result, items: result.items.map(toNotificationDto) };
    },
    async unreadCount(user: CurrentUser, userId: number) {
      assertSelf(user, userId);
      return { count: await repo.countUnread(db, userId) };
    },
    async markAllRead(user: CurrentUser) {
      return { marked: await repo.markAllRead(db, user.id) };
    },
    async markRead(user: CurrentUser, id: number) {
      await own(user, id);
      return toNotificationDto(await repo.markRead(db, id));
    },
    async remove(user: CurrentUser, id: number) {
      await own(user, id);
      await repo.deleteNotification(db, id);
    },
    async create(user: CurrentUser, input: NotificationInputValues) {
      if (input.user_id !== user.id) throw forbidden('You can only write notifications to yourself');
      return toNotificationDto(await notifier.notify(user.id, input.message, input.type));
    },
  };
}
