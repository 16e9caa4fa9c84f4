import {
  JOB_ALERT_CHANNELS,
  JOB_ALERTS_FULL_MESSAGE,
  JOB_ALERTS_PER_MEMBER,
  type JobAlert,
  type JobAlertInput,
} from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Platform } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { writeTransaction } from '../../platform/write-transaction';
import { JOB_ALERTS_SCOPE } from '../notifications/deliveries';
import { createNotifier } from '../notifications/notifications.service';
import { readUnsubscribeToken } from '../notifications/unsubscribe-token';
import * as repo from './job-alerts.repo';

/** The queued job that tells the members whose alerts match a new job; payload `{ jobId, after? }`. */
export const JOB_ALERTS_MATCH_JOB = 'job-alerts.match';
/** The morning's digest of daily alerts (07:00 Nairobi). */
export const JOB_ALERTS_DIGEST_JOB = 'job-alerts.digest';
/** Members looked at per batch: one batch's inserts and notices stay a short transaction. */
export const MATCH_BATCH = 500;
/** How long one run of the fan-out goes on before it queues the rest (other work gets its turn). */
export const MATCH_RUN_MS = 10_000;

/** The channels an alert asked for, as stored (a text array), known ones only. */
const ownChannels = (channels: readonly string[]) =>
  JOB_ALERT_CHANNELS.filter((channel) => channels.includes(channel));

type AlertRow = Awaited<ReturnType<typeof repo.listAlerts>>[number];
const toDto = (row: AlertRow): JobAlert => ({
  id: row.id,
  query: row.query,
  county: row.county,
  type: row.type,
  salary_min: row.salary_min === null ? null : Number(row.salary_min),
  frequency: row.frequency,
  channels: row.channels,
  created_at: row.created_at.toISOString(),
});

/** Milliseconds from `now` to the next 07:00 in Nairobi (UTC+3 all year, no daylight saving). */
export function untilNextDigest(now: Date) {
  const next = new Date(now);
  next.setUTCHours(4, 0, 0, 0);
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

export function createJobAlertsService(p: Platform, log: FastifyBaseLogger) {
  const { db, queue } = p;
  const now = p.clock ?? (() => new Date());
  const notifier = createNotifier(db, p.events);

  /**
   * One batch of a job's fan-out: the members it matches recorded, the instant ones notified and
   * their deliveries queued, in one transaction (a batch retried after a crash tells each member
   * once, and nobody is recorded without being told). Answers the last member it looked at, or null
   * when none was left.
   */
  async function matchBatch(job: { id: number; title: string }, after: number) {
    const notice = { kind: 'job_alert', params: { job: job.title, job_id: job.id } } as const;
    const { recorded, lastUserId, publish } = await writeTransaction(db, async (trx) => {
      const batch = await repo.recordMatches(trx, job.id, after, MATCH_BATCH);
      const instant = batch.recorded.filter((r) => r.frequency === 'instant');
      const told = await notifier.notifyEachIn(
        trx,
        instant.map((r) => ({ userId: r.user_id, channels: ownChannels(r.channels) })),
        notice,
        'info',
        { link: `/jobs/${job.id}` },
      );
      await repo.markNotified(
        trx,
        job.id,
        instant.map((r) => r.user_id),
        now(),
      );
      return { ...batch, publish: told };
    });
    publish();
    if (recorded.some((r) => r.frequency === 'daily'))
      await queue.enqueue(
        JOB_ALERTS_DIGEST_JOB,
        {},
        { singletonKey: 'digest', delayMs: untilNextDigest(now()) },
      );
    return lastUserId;
  }

  /**
   * A job's fan-out, batch after batch for up to MATCH_RUN_MS, then queued again from where it
   * stopped: a re-queue after every batch would wait behind the deliveries the batch just queued.
   */
  async function match(payload: { jobId: number; after?: number }) {
    const job = await repo.jobTitle(db, payload.jobId);
    if (!job) return;
    const started = performance.now();
    let after = payload.after ?? 0;
    let batches = 0;
    for (;;) {
      const last = await matchBatch(job, after);
      if (last === null) break;
      after = last;
      batches += 1;
      if (performance.now() - started > MATCH_RUN_MS) {
        await queue.enqueue(JOB_ALERTS_MATCH_JOB, { jobId: job.id, after });
        break;
      }
    }
    log.info({ jobId: job.id, batches, after }, 'job alerts matched');
  }

  async function digest() {
    const waiting = await writeTransaction(db, (trx) => repo.takeWaitingDigests(trx, now()));
    for (const { user_id: userId, count, channels } of waiting)
      await notifier.notify(userId, { kind: 'job_alert_digest', params: { count } }, 'info', {
        link: '/jobs',
        channels: ownChannels(channels),
      });
    log.info({ members: waiting.length }, 'job alert digest sent');
  }

  queue.register<{ jobId: number; after?: number }>(JOB_ALERTS_MATCH_JOB, match);
  queue.register(JOB_ALERTS_DIGEST_JOB, digest);

  return {
    list: async (userId: number) => (await repo.listAlerts(db, userId)).map(toDto),

    async create(userId: number, input: z.output<typeof JobAlertInput>) {
      const row = await writeTransaction(db, async (trx) => {
        await repo.lockMember(trx, userId);
        if ((await repo.countAlerts(trx, userId)) >= JOB_ALERTS_PER_MEMBER)
          throw new AppError('JOB_ALERTS_FULL', 409, JOB_ALERTS_FULL_MESSAGE);
        return repo.insertAlert(trx, {
          user_id: userId,
          query: input.query ?? null,
          county: input.county ?? null,
          type: input.type ?? null,
          salary_min: input.salary_min ?? null,
          frequency: input.frequency,
          channels: input.channels,
        });
      });
      return toDto(row);
    },

    async remove(userId: number, id: number) {
      const deleted = await repo.deleteAlert(db, userId, id);
      if (Number(deleted.numDeletedRows) !== 1) throw notFound('Job alert');
    },

    /** A job alert email's one-click unsubscribe: email off on all the member's alerts. */
    async unsubscribeEmail(token: string) {
      const found = readUnsubscribeToken(p.jwtSecret, token, [JOB_ALERTS_SCOPE]);
      if (!found) throw new AppError('INVALID_UNSUBSCRIBE_TOKEN', 400, 'This unsubscribe link is not valid');
      await repo.turnOffAlertEmail(db, found.userId);
      return { email: false as const };
    },

    match,
    digest,
  };
}
