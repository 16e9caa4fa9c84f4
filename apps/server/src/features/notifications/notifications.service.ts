import {
  DEFAULT_CHANNELS,
  DEFAULT_LANGUAGE,
  isLanguage,
  NOTIFICATION_CATEGORIES,
  renderNotice,
  type Notice,
  type NotificationCategory,
  type NotificationDto,
  type NotificationInputValues,
  type NotificationPreferences,
  type NotificationPreferencesInputValues,
} from '@jamii/shared';
import type { Selectable } from 'kysely';
import type { Kdb } from '../../db/database';
import type { NotificationsTable, NotificationType } from '../../db/schema';
import { currentActorId } from '../../platform/actor';
import type { CurrentUser } from '../../platform/auth';
import { forbidden, notFound } from '../../platform/errors';
import { toPage, type PageRequest } from '../../platform/pagination';
import type { RealtimeEvents } from '../../platform/realtime';
import * as repo from './notifications.repo';
import { writeTransaction } from '../../platform/write-transaction';

/** A row as read or written, with its recipient's language (joined, or a RETURNING subquery). */
type NotificationRow = Pick<
  Selectable<NotificationsTable>,
  'id' | 'user_id' | 'message' | 'kind' | 'params' | 'type' | 'is_read' | 'link' | 'created_at'
> & { language: string | null };

/** The answer, `message` rendered in the recipient's language at read time (DESIGN §8.7). */
export const toNotificationDto = (r: NotificationRow): NotificationDto => ({
  id: r.id,
  user_id: r.user_id,
  message: renderNotice(r.kind, r.params, isLanguage(r.language) ? r.language : DEFAULT_LANGUAGE, r.message),
  type: r.type,
  is_read: r.is_read,
  created_at: r.created_at.toISOString(),
  link: r.link,
});

/** What a notification is about: the page it opens and the category the member may turn off. */
export interface NotificationAbout {
  /** The path the notification opens (the post, the bid, the profile). */
  link?: string | null;
  /** None: a notice about the account or a moderators' decision, which is always delivered. */
  category?: NotificationCategory;
  /** Written already read: listed, never toasted (a login from a device the member used before). */
  read?: boolean;
}

const actorOtherThan = (userId: number) => {
  const actor = currentActorId();
  return actor === userId ? null : actor;
};

/** The row to write for a notice: its kind and parameters, and its English rendering. */
const toNewRow = (userId: number, notice: Notice, type: NotificationType, about: NotificationAbout) => ({
  user_id: userId,
  // A notice one member's request writes for another may name them or quote their words: it goes
  // when their account does (issue 16 §6).
  actor_id: actorOtherThan(userId),
  message: renderNotice(notice.kind, notice.params, 'en'),
  kind: notice.kind,
  params: notice.params,
  type,
  link: about.link ?? null,
  ...(about.read ? { is_read: true } : {}),
});

/**
 * Notifications the server writes itself (SPEC §7 events), as a kind and its parameters
 * (packages/shared/src/notification-texts.ts), never as a sentence. Each is pushed at once to the
 * member's sockets in their language, so the bell updates without waiting for the 60-second poll.
 * Inside a transaction use notifyIn and call the answer after commit, so a rolled-back change
 * pushes nothing.
 */
export function createNotifier(db: Kdb, events?: RealtimeEvents) {
  const publish = (row: NotificationRow) =>
    events?.emitToUser(row.user_id, 'notification', toNotificationDto(row));
  // A member who turned the category off (in-app) gets nothing written or pushed: the insert reads
  // the preference in its own statement and writes no row.

  /** One notification per group key (likes on one post), refreshed instead of repeated. */
  async function notifyGrouped(
    userId: number,
    groupKey: string,
    notice: Notice,
    type: NotificationType = 'info',
    about: NotificationAbout = {},
    notBefore?: Date,
  ) {
    const newRow = { ...toNewRow(userId, notice, type, about), group_key: groupKey };
    const row = await repo.upsertGroupedNotification(db, newRow, about.category, notBefore);
    if (!row) return null;
    publish(row);
    return row;
  }

  return {
    /** Pushes a row written in a transaction (its notifier made without events), after commit. */
    publish,
    async notify(
      userId: number,
      notice: Notice,
      type: NotificationType = 'info',
      about: NotificationAbout = {},
    ) {
      const row = await repo.insertNotification(db, toNewRow(userId, notice, type, about), about.category);
      if (!row) return null;
      publish(row);
      return row;
    },
    /** Inside a transaction: call the answer after commit, so a rolled-back change pushes nothing. */
    async notifyIn(
      trx: Kdb,
      userId: number,
      notice: Notice,
      type: NotificationType = 'info',
      about: NotificationAbout = {},
    ) {
      const row = await repo.insertNotification(trx, toNewRow(userId, notice, type, about), about.category);
      return row ? () => publish(row) : () => undefined;
    },
    notifyGrouped,
    /**
     * At most one notification of a group within `windowMs` (a follow undone and redone): inside the
     * window nothing new is written; after it, the group's row is refreshed as a new one.
     */
    async notifyOncePer(
      windowMs: number,
      userId: number,
      groupKey: string,
      notice: Notice,
      type: NotificationType = 'info',
      about: NotificationAbout = {},
    ) {
      // The group's row, if written inside the window, is left as it is (in the upsert's statement).
      return notifyGrouped(userId, groupKey, notice, type, about, new Date(Date.now() - windowMs));
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
  /** Every category with its channels: what was saved, else the defaults. */
  async function preferences(user: CurrentUser): Promise<NotificationPreferences> {
    const saved = new Map((await repo.listPreferences(db, user.id)).map((row) => [row.category, row]));
    return Object.fromEntries(
      NOTIFICATION_CATEGORIES.map((category) => {
        const row = saved.get(category);
        return [category, row ? { in_app: row.in_app, email: row.email } : { ...DEFAULT_CHANNELS }];
      }),
    ) as NotificationPreferences;
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
    preferences,
    async savePreferences(user: CurrentUser, input: NotificationPreferencesInputValues) {
      const current = await preferences(user);
      await writeTransaction(db, async (trx) => {
        for (const category of NOTIFICATION_CATEGORIES) {
          const change = input[category];
          if (!change) continue;
          await repo.savePreference(trx, { user_id: user.id, category, ...current[category], ...change });
        }
      });
      return preferences(user);
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
      // A note to oneself has no category, so it is never muted; pushed once it is committed.
      const notice = { kind: 'custom', params: { message: input.message } } as const;
      const row = (await writeTransaction(db, (trx) =>
        createNotifier(trx).notify(user.id, notice, input.type),
      ))!;
      notifier.publish(row);
      return toNotificationDto(row);
    },
  };
}
