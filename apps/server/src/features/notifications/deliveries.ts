import {
  defaultChannels,
  DEFAULT_LANGUAGE,
  isLanguage,
  renderNotice,
  type NotificationCategory,
  type PushPayload,
} from '@jamii/shared';
import type { Kdb } from '../../db/database';
import type { Platform } from '../../platform/context';
import { insertJob, insertJobs } from '../../platform/queue';
import { writeTransaction } from '../../platform/write-transaction';
import * as repo from './deliveries.repo';
import { digestEmail, noticeEmail } from './notification-email';
import { withStop } from '../../platform/sms/stop-words';
import { nairobiDay, nairobiHour, nextDigestAt, nextNairobiHour } from './nairobi-clock';
import { makeUnsubscribeToken } from './unsubscribe-token';

export const DELIVER_JOB = 'notifications.deliver';
export const PUSH_JOB = 'notifications.push';
export const EMAIL_JOB = 'notifications.email';
export const DIGEST_JOB = 'notifications.digest';
export const SMS_JOB = 'notifications.sms';

/** At most this many notification SMS a member gets in a Nairobi day (docs/features/notifications.md). */
export const SMS_PER_DAY = 3;
/** No notification SMS from 21:00 to 07:00 in Nairobi: they wait for the morning. */
export const SMS_QUIET_FROM_HOUR = 21;
export const SMS_QUIET_UNTIL_HOUR = 7;
/** A reply by SMS goes to the conversation of a message SMS sent in the last day. */
export const SMS_REPLY_WINDOW_MS = 24 * 3600_000;

/** What a notification SMS adds to the notice: a message can be answered by replying. */
const SMS_REPLY_HINT = { en: 'Reply to this SMS to answer.', sw: 'Jibu SMS hii kumjibu.' } as const;

/** A channel outside Jamii a notice may name for itself. */
export type OwnChannel = 'push' | 'email' | 'sms';

/** Where a job alert's email unsubscribes: email off on the member's job alerts (docs/features/notifications.md). */
export const JOB_ALERT_UNSUBSCRIBE_PATH = '/api/job-alerts/unsubscribe';
/** The scope of a job alert email's unsubscribe token, beside the categories'. */
export const JOB_ALERTS_SCOPE = 'job_alerts';

/**
 * A notice on its way out of Jamii: who, about what, and a key that makes each channel send it once.
 * It goes on its category's channels, as the member set them, or on the channels it names itself (a
 * job alert's, chosen on the alert).
 */
export type OutboundNotice = {
  key: string;
  user_id: number;
  kind: string;
  params: object;
  link: string | null;
  /** A message: its email waits ten minutes and goes only if it is still unread. */
  message_id?: number;
  /** A message's conversation: a reply to its SMS is posted there. */
  conversation_id?: number;
} & (
  { category: NotificationCategory; channels?: undefined } | { category?: undefined; channels: OwnChannel[] }
);

interface SmsJob {
  delivery_id: number;
  notice: OutboundNotice;
}

interface PushJob {
  delivery_id: number;
  subscription_id: number;
  notice: OutboundNotice;
}

interface EmailJob {
  delivery_id: number;
  notice: OutboundNotice;
}

/** Deals and messages are emailed as they happen; the other categories wait for the daily digest. */
const IMMEDIATE_EMAIL: ReadonlySet<NotificationCategory> = new Set(['offers', 'applications', 'messages']);
export const UNREAD_MESSAGE_EMAIL_DELAY_MS = 10 * 60_000;
const DIGEST_BATCH = 200;
const DIGEST_MAX_ITEMS = 50;

/** The conversation an SMS reply from the member goes to: that of the newest SMS, if it told of a message. */
export const smsReplyConversation = (db: Kdb, userId: number, at: Date) =>
  repo.findSmsReplyConversation(db, userId, new Date(at.getTime() - SMS_REPLY_WINDOW_MS));

/**
 * Stores the job that sends a notice on the member's other channels, with `db` (the transaction that
 * writes the notice: a rolled-back notice sends nothing).
 */
export const queueDeliveries = (db: Kdb, notice: OutboundNotice) =>
  insertJob(db, DELIVER_JOB, notice, { maxAttempts: 5 });

/** queueDeliveries for many notices in one statement (a job alert's batch). */
export const queueManyDeliveries = (db: Kdb, notices: readonly OutboundNotice[]) =>
  insertJobs(db, DELIVER_JOB, notices, { maxAttempts: 5 });

const languageOf = (language: string | null | undefined) =>
  isLanguage(language) ? language : DEFAULT_LANGUAGE;

const failureOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export interface DeliveriesOptions {
  /** The clock of the digest's schedule and day (tests pass their own). */
  now?: () => Date;
}

/**
 * Delivery outside Jamii, all on the job queue: one job per notice reads the member's channels and
 * queues one push per device and one email (or a line of tomorrow's digest). Each send is recorded
 * in notification_deliveries first, so a job run twice sends nothing twice.
 */
export function createDeliveries(
  p: Pick<Platform, 'db' | 'queue' | 'push' | 'mailTransport' | 'sms' | 'config' | 'jwtSecret' | 'clock'>,
  opts: DeliveriesOptions = {},
) {
  const { db, queue } = p;
  const now = opts.now ?? (() => new Date());
  // The SMS rules (quiet hours, the day's cap) read the app's clock, which tests move; the digest's
  // schedule stays on the queue's own time (the database's), as its delays are counted there.
  const smsNow = opts.now ?? p.clock ?? (() => new Date());
  const publicUrl = p.config.publicUrl;
  const settingsUrl = `${publicUrl}/settings/notifications`;
  const unsubscribeUrl = (userId: number, category: NotificationCategory) =>
    `${publicUrl}/api/unsubscribe?token=${makeUnsubscribeToken(p.jwtSecret, userId, category)}`;

  const channelsOf = async (userId: number, category: NotificationCategory) =>
    (await repo.findChannels(db, userId, category)) ?? defaultChannels(category);
  /** The notice's own channels, or its category's as the member has them now. */
  const channelsFor = async (n: OutboundNotice) =>
    n.channels
      ? {
          push: n.channels.includes('push'),
          email: n.channels.includes('email'),
          sms: n.channels.includes('sms'),
        }
      : channelsOf(n.user_id, n.category);
  const emailAbout = (userId: number, n: OutboundNotice) =>
    n.channels
      ? {
          reason: 'job_alert' as const,
          unsubscribe: `${publicUrl}${JOB_ALERT_UNSUBSCRIBE_PATH}?token=${makeUnsubscribeToken(p.jwtSecret, userId, JOB_ALERTS_SCOPE)}`,
        }
      : { reason: n.category, unsubscribe: unsubscribeUrl(userId, n.category) };

  /** Records the send and stores its job in one transaction: neither exists without the other. */
  const claimAndQueue = (
    n: OutboundNotice,
    channel: 'push' | 'email' | 'sms',
    target: string,
    job: (deliveryId: number) => { name: string; payload: unknown; delayMs?: number },
  ) =>
    writeTransaction(db, async (trx) => {
      const id = await repo.claimDelivery(trx, {
        user_id: n.user_id,
        delivery_key: n.key,
        channel,
        target,
        conversation_id: channel === 'sms' ? (n.conversation_id ?? null) : null,
      });
      if (!id) return;
      const { name, payload, delayMs } = job(id);
      await insertJob(trx, name, payload, { maxAttempts: 5, ...(delayMs ? { delayMs } : {}) });
    });

  queue.register<OutboundNotice>(
    DELIVER_JOB,
    async (n) => {
      const channels = await channelsFor(n);
      if (channels.push) {
        for (const sub of await p.push.subscriptionsOf(n.user_id)) {
          await claimAndQueue(n, 'push', String(sub.id), (delivery_id) => ({
            name: PUSH_JOB,
            payload: { delivery_id, subscription_id: sub.id, notice: n } satisfies PushJob,
          }));
        }
      }
      if (channels.email) {
        // A notice with channels of its own is sent as it happens: the member asked for it so.
        if (n.channels || IMMEDIATE_EMAIL.has(n.category)) {
          await claimAndQueue(n, 'email', '', (delivery_id) => ({
            name: EMAIL_JOB,
            payload: { delivery_id, notice: n } satisfies EmailJob,
            delayMs: n.message_id ? UNREAD_MESSAGE_EMAIL_DELAY_MS : 0,
          }));
        } else {
          await repo.addDigestItem(db, {
            user_id: n.user_id,
            delivery_key: n.key,
            category: n.category,
            kind: n.kind,
            params: n.params,
            link: n.link,
          });
        }
      }
      if (channels.sms && (await repo.findSmsRecipient(db, n.user_id))) {
        // A notice in the quiet hours waits for 07:00 in Nairobi.
        const at = smsNow();
        const hour = nairobiHour(at);
        const quiet = hour >= SMS_QUIET_FROM_HOUR || hour < SMS_QUIET_UNTIL_HOUR;
        const delayMs = quiet ? nextNairobiHour(at, SMS_QUIET_UNTIL_HOUR).getTime() - at.getTime() : 0;
        await claimAndQueue(n, 'sms', '', (delivery_id) => ({
          name: SMS_JOB,
          payload: { delivery_id, notice: n } satisfies SmsJob,
          delayMs,
        }));
      }
    },
    { maxAttempts: 5 },
  );

  /**
   * Sends one notification SMS, within the member's three a Nairobi day: the send is marked in the
   * member's lock before it goes, so two jobs at once never make a fourth.
   */
  queue.register<SmsJob>(
    SMS_JOB,
    async ({ delivery_id, notice }) => {
      const delivery = await repo.findDelivery(db, delivery_id);
      if (!delivery || delivery.state === 'sent') return;
      const at = smsNow();
      const dayStart = new Date(`${nairobiDay(at)}T00:00:00+03:00`);
      const dayEnd = new Date(dayStart.getTime() + 24 * 3600_000);
      type Claim = { kind: 'skip'; why: string } | { kind: 'send'; phone: string; language: string };
      // Read before the transaction: inside it, every query goes through `trx` (PGlite has one connection).
      const stillOn = (await channelsFor(notice)).sms;
      const claim = await writeTransaction(db, async (trx): Promise<Claim> => {
        await repo.lockMemberSms(trx, notice.user_id);
        // SMS turned off, STOP sent or the number lost meanwhile: nothing goes.
        const to = stillOn ? await repo.findSmsRecipient(trx, notice.user_id) : undefined;
        if (!to?.phone) return { kind: 'skip', why: 'not needed any more' };
        if ((await repo.countSmsSent(trx, notice.user_id, dayStart, dayEnd)) >= SMS_PER_DAY)
          return { kind: 'skip', why: `over ${SMS_PER_DAY} SMS today` };
        await repo.markDelivery(trx, delivery_id, { state: 'sent', at });
        return { kind: 'send', phone: to.phone, language: to.language };
      });
      if (claim.kind === 'skip') {
        await repo.markDelivery(db, delivery_id, { state: 'failed', error: claim.why });
        return;
      }
      const lang = languageOf(claim.language);
      const text = renderNotice(notice.kind, notice.params, lang);
      const message = withStop(notice.conversation_id ? `${text} ${SMS_REPLY_HINT[lang]}` : text, lang);
      try {
        const sent = await p.sms.send({ to: claim.phone, message });
        await repo.markDelivery(
          db,
          delivery_id,
          sent.status === 'sent'
            ? { state: 'sent', provider_id: sent.messageId ?? null, at }
            : { state: 'failed', error: sent.providerStatus },
        );
      } catch (err) {
        await repo.markDelivery(db, delivery_id, { state: 'failed', error: failureOf(err) });
        throw err;
      }
    },
    { maxAttempts: 5 },
  );

  queue.register<PushJob>(
    PUSH_JOB,
    async ({ delivery_id, subscription_id, notice }) => {
      const delivery = await repo.findDelivery(db, delivery_id);
      if (!delivery || delivery.state === 'sent') return;
      const payloadFor = (language: string | null): PushPayload => ({
        title: 'Jamii',
        body: renderNotice(notice.kind, notice.params, languageOf(language)),
        link: notice.link ?? '/notifications',
        tag: notice.key,
      });
      try {
        const outcome = await p.push.send(subscription_id, payloadFor);
        await repo.markDelivery(
          db,
          delivery_id,
          outcome.sent
            ? { state: 'sent', provider_id: outcome.providerId }
            : { state: 'failed', error: outcome.reason },
        );
      } catch (err) {
        await repo.markDelivery(db, delivery_id, { state: 'failed', error: failureOf(err) });
        throw err;
      }
    },
    { maxAttempts: 5 },
  );

  queue.register<EmailJob>(
    EMAIL_JOB,
    async ({ delivery_id, notice }) => {
      const delivery = await repo.findDelivery(db, delivery_id);
      if (!delivery || delivery.state === 'sent') return;
      // A message read within ten minutes, or email turned off meanwhile: nothing was sent.
      const stillWanted =
        (await channelsFor(notice)).email &&
        (!notice.message_id || (await repo.isMessageUnread(db, notice.message_id, notice.user_id)));
      const to = stillWanted ? await repo.findEmailRecipient(db, notice.user_id) : undefined;
      if (!stillWanted || !to) {
        // Kept in the delivery log for operators, never shown to a member.
        const why = stillWanted ? 'no verified email address' : 'not needed any more';
        await repo.markDelivery(db, delivery_id, { state: 'failed', error: why });
        return;
      }
      const about = emailAbout(to.id, notice);
      const mail = noticeEmail(to, notice, about.reason, {
        publicUrl,
        unsubscribe: about.unsubscribe,
        settings: settingsUrl,
      });
      try {
        await p.mailTransport.send(mail);
        await repo.markDelivery(db, delivery_id, { state: 'sent' });
      } catch (err) {
        await repo.markDelivery(db, delivery_id, { state: 'failed', error: failureOf(err) });
        throw err;
      }
    },
    { maxAttempts: 5 },
  );

  /** One member's digest: what waits for it, once a Nairobi day. */
  async function sendDigestTo(userId: number, day: string) {
    const items = await repo.listDigestItems(db, userId, DIGEST_MAX_ITEMS);
    if (items.length === 0) return false;
    const to = await repo.findEmailRecipient(db, userId);
    if (!to) {
      await repo.deleteDigestItems(
        db,
        items.map((i) => i.id),
      );
      return false;
    }
    const deliveryId = await repo.claimDelivery(db, {
      user_id: userId,
      delivery_key: `digest:${userId}:${day}`,
      channel: 'email',
    });
    if (!deliveryId) return false;
    const counts = new Map<NotificationCategory, number>();
    for (const i of items) counts.set(i.category, (counts.get(i.category) ?? 0) + 1);
    const main = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const mail = digestEmail(to, items, {
      publicUrl,
      unsubscribe: unsubscribeUrl(userId, main),
      settings: settingsUrl,
    });
    try {
      await p.mailTransport.send(mail);
    } catch (err) {
      await db.deleteFrom('notification_deliveries').where('id', '=', deliveryId).execute();
      throw err;
    }
    await repo.markDelivery(db, deliveryId, { state: 'sent' });
    await repo.deleteDigestItems(
      db,
      items.map((i) => i.id),
    );
    return true;
  }

  /** Every member's digest of the Nairobi day of `at`; answers how many were sent. */
  async function sendDigests(at: Date = now()) {
    const day = nairobiDay(at);
    let sent = 0;
    let after = 0;
    for (;;) {
      const members = await repo.listDigestMembers(db, after, DIGEST_BATCH);
      for (const { user_id } of members) if (await sendDigestTo(user_id, day)) sent += 1;
      if (members.length < DIGEST_BATCH) return sent;
      after = members[members.length - 1]!.user_id;
    }
  }

  /** Queues the digest run after `after` (one per day whichever process asks: its key names the day). */
  async function scheduleDigest(after: Date = now()) {
    const at = nextDigestAt(after);
    return queue.enqueue(
      DIGEST_JOB,
      { day: nairobiDay(at) },
      { singletonKey: `digest:${nairobiDay(at)}`, delayMs: at.getTime() - now().getTime() },
    );
  }

  queue.register<{ day: string }>(
    DIGEST_JOB,
    async ({ day }) => {
      await sendDigests();
      // The day after this run's, even when it ran early (its own key still holds this day).
      const dayAfter = nextDigestAt(new Date(`${day}T04:00:00Z`));
      const upNext = nextDigestAt(now());
      await scheduleDigest(new Date(Math.max(dayAfter.getTime(), upNext.getTime()) - 1));
    },
    { maxAttempts: 3 },
  );

  return { sendDigests, scheduleDigest };
}

export type Deliveries = ReturnType<typeof createDeliveries>;
