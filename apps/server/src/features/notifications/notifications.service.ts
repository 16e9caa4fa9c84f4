import {
  defaultChannels,
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
import { AppError, forbidden, notFound } from '../../platform/errors';
import { readUnsubscribeToken } from './unsubscribe-token';
import { toPage, type PageRequest } from '../../platform/pagination';
import type { RealtimeEvents } from '../../platform/realtime';
import { isBlockedEitherWay } from '../blocks/blocks.service';
import * as repo from './notifications.repo';
import { writeTransaction } from '../../platform/write-transaction';
import { randomUUID } from 'node:crypto';
import { queueDeliveries, queueManyDeliveries, type OwnChannel } from './deliveries';

/** A row as read or written, with its recipient's language (joined, or a RETURNING subquery). */
type NotificationRow = Pick<
  Selectable<NotificationsTable>,
  'id' | 'user_id' | 'message' | 'kind' | 'params' | 'type' | 'is_read' | 'link' | 'created_at'
> & { language: string | null };

/**
 * A stored notification's text in `language` (the reader's; English when unset): rendered from its
 * kind and parameters, or the sentence a row written before notifications had kinds was stored with.
 */
export const renderStored = (
  r: Pick<Selectable<NotificationsTable>, 'kind' | 'params' | 'message'>,
  language: string | null | undefined,
) => renderNotice(r.kind, r.params, isLanguage(language) ? language : DEFAULT_LANGUAGE, r.message ?? '');

/** The answer, `message` rendered in the recipient's language at read time. */
export const toNotificationDto = (r: NotificationRow): NotificationDto => ({
  id: r.id,
  user_id: r.user_id,
  message: renderStored(r, r.language),
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
  /**
   * Channels outside Jamii the notice names itself, over any category's (a job alert's, chosen on
   * the alert): a notice of no category goes out only on these.
   */
  channels?: OwnChannel[];
}

const actorOtherThan = (userId: number) => {
  const actor = currentActorId();
  return actor === userId ? null : actor;
};

/**
 * No notice of a member's doing reaches a member in a blocked pair with them (an offer declined by
 * an accept, a mention, anything a later path might write): it is not written at all. Notices of no
 * category (the account's own, moderators' decisions) always go.
 */
async function silencedByBlock(db: Kdb, userId: number, about: NotificationAbout) {
  if (!about.category) return false;
  const actor = actorOtherThan(userId);
  return actor !== null && (await isBlockedEitherWay(db, actor, userId));
}

/** The row to write for a notice: its kind and parameters (its sentence is made when it is read). */
const toNewRow = (userId: number, notice: Notice, type: NotificationType, about: NotificationAbout) => ({
  user_id: userId,
  // A notice one member's request writes for another may name them or quote their words: it goes
  // when their account does (docs/features/your-data.md).
  actor_id: actorOtherThan(userId),
  kind: notice.kind,
  params: notice.params,
  type,
  link: about.link ?? null,
  ...(about.read ? { is_read: true } : {}),
});

/**
 * Queues the notice's push, email and SMS (the member's channels decide, when the job runs), with
 * the statement's own handle: inside a transaction the job commits or rolls back with the notice. A
 * notice the member turned off in Jamii has no row, and is still offered to the other channels.
 */
async function sendOutward(
  db: Kdb,
  userId: number,
  notice: Notice,
  about: NotificationAbout,
  row: NotificationRow | undefined,
) {
  const base = {
    key: row ? `n:${row.id}:${row.created_at.getTime()}` : `u:${randomUUID()}`,
    user_id: userId,
    kind: notice.kind,
    params: notice.params,
    link: about.link ?? null,
  };
  if (about.channels) {
    if (about.channels.length > 0) await queueDeliveries(db, { ...base, channels: about.channels });
  } else if (about.category) await queueDeliveries(db, { ...base, category: about.category });
}

/**
 * Notifications the server writes itself (the specified API calls events), as a kind and its parameters
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
    if (await silencedByBlock(db, userId, about)) return null;
    const newRow = { ...toNewRow(userId, notice, type, about), group_key: groupKey };
    const row = await repo.upsertGroupedNotification(db, newRow, about.category, notBefore);
    // No row: muted in Jamii, or the group told already within its window; neither goes out.
    if (!row) return null;
    await sendOutward(db, userId, notice, about, row);
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
      if (await silencedByBlock(db, userId, about)) return null;
      const row = await repo.insertNotification(db, toNewRow(userId, notice, type, about), about.category);
      await sendOutward(db, userId, notice, about, row);
      if (!row) return null;
      publish(row);
      return row;
    },
    /**
     * One notice of no category to many members, inside `trx`, in one statement for the rows and one
     * for their deliveries on each member's own channels (a job alert's batch). Call the answer after
     * commit to push the rows live.
     */
    async notifyEachIn(
      trx: Kdb,
      recipients: readonly { userId: number; channels: OwnChannel[] }[],
      notice: Notice,
      type: NotificationType = 'info',
      about: Pick<NotificationAbout, 'link'> = {},
    ) {
      const rows = await repo.insertNotificationsFor(
        trx,
        recipients.map((r) => r.userId),
        { kind: notice.kind, params: notice.params, type, link: about.link ?? null },
      );
      const channelsOf = new Map(recipients.map((r) => [r.userId, r.channels]));
      await queueManyDeliveries(
        trx,
        rows.flatMap((row) => {
          const channels = channelsOf.get(row.user_id) ?? [];
          return channels.length === 0
            ? []
            : [
                {
                  key: `n:${row.id}:${row.created_at.getTime()}`,
                  user_id: row.user_id,
                  kind: notice.kind,
                  params: notice.params,
                  link: about.link ?? null,
                  channels,
                },
              ];
        }),
      );
      return () => rows.forEach(publish);
    },
    /** Inside a transaction: call the answer after commit, so a rolled-back change pushes nothing. */
    async notifyIn(
      trx: Kdb,
      userId: number,
      notice: Notice,
      type: NotificationType = 'info',
      about: NotificationAbout = {},
    ) {
      if (await silencedByBlock(trx, userId, about)) return () => undefined;
      const row = await repo.insertNotification(trx, toNewRow(userId, notice, type, about), about.category);
      await sendOutward(trx, userId, notice, about, row);
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
  async function preferences(user: Pick<CurrentUser, 'id'>): Promise<NotificationPreferences> {
    const saved = new Map((await repo.listPreferences(db, user.id)).map((row) => [row.category, row]));
    return Object.fromEntries(
      NOTIFICATION_CATEGORIES.map((category) => {
        const row = saved.get(category);
        return [
          category,
          row
            ? { in_app: row.in_app, push: row.push, email: row.email, sms: row.sms }
            : defaultChannels(category),
        ];
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
    /** An email's one-click unsubscribe: that category's email off, the member's other choices kept. */
    async unsubscribe(token: string, secret: string) {
      const found = readUnsubscribeToken(secret, token);
      if (!found) throw new AppError('INVALID_UNSUBSCRIBE_TOKEN', 400, 'This unsubscribe link is not valid');
      const current = (await preferences({ id: found.userId }))[found.category];
      await repo.savePreference(db, {
        user_id: found.userId,
        category: found.category,
        ...current,
        email: false,
      });
      return { category: found.category, email: false as const };
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
