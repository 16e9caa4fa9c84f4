import { sql } from 'kysely';
import type { Kdb } from '../../db/database';

// SQL of job alerts and of who was told about which job.

export const listAlerts = (db: Kdb, userId: number) =>
  db.selectFrom('job_alerts').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();

export const countAlerts = async (db: Kdb, userId: number) =>
  Number(
    (
      await db
        .selectFrom('job_alerts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Serializes one member's alert writes (the count of 10). */
export const lockMember = (db: Kdb, userId: number) =>
  db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();

export const insertAlert = (
  db: Kdb,
  a: {
    user_id: number;
    query: string | null;
    county: string | null;
    type: string | null;
    salary_min: number | null;
    frequency: 'instant' | 'daily';
    channels: ('push' | 'email' | 'sms')[];
  },
) => db.insertInto('job_alerts').values(a).returningAll().executeTakeFirstOrThrow();

export const deleteAlert = (db: Kdb, userId: number, id: number) =>
  db.deleteFrom('job_alerts').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

/**
 * Records one batch of the members whose alerts match a job (alerts of members after `afterUserId`,
 * `limit` members), each member once: an instant alert wins over a daily one. A member already
 * recorded for the job is skipped by the primary key. Answers the members recorded now, and the
 * last member the batch looked at (the next batch starts after it).
 */
export async function recordMatches(db: Kdb, jobId: number, afterUserId: number, limit: number) {
  const batch = await db
    .selectFrom('job_alerts as a')
    .innerJoin('jobs as j', (join) => join.on('j.id', '=', jobId))
    .select('a.user_id')
    .distinct()
    .where('a.user_id', '>', afterUserId)
    .orderBy('a.user_id')
    .limit(limit)
    .execute();
  if (batch.length === 0) return { recorded: [], lastUserId: null };
  const lastUserId = batch[batch.length - 1]!.user_id;
  const recorded = await sql<{ user_id: number; frequency: 'instant' | 'daily'; channels: string[] }>`
    INSERT INTO job_alert_deliveries (user_id, job_id, alert_id, frequency, channels)
    SELECT DISTINCT ON (a.user_id) a.user_id, j.id, a.id, a.frequency, a.channels
    FROM job_alerts a
    JOIN jobs j ON j.id = ${jobId}
    WHERE a.user_id > ${afterUserId} AND a.user_id <= ${lastUserId}
      AND a.user_id <> j.client_id
      AND j.status = 'open' AND j.moderation = 'visible'
      AND (a.county IS NULL OR a.county = j.county)
      AND (a.type IS NULL OR lower(j.type) = lower(a.type))
      AND (a.salary_min IS NULL OR coalesce(j.salary_max, j.salary_min) >= a.salary_min)
      AND (a.query IS NULL
        OR lower(j.title || ' ' || j.company || ' ' || j.description) LIKE
          '%' || lower(replace(replace(replace(a.query, '\\', '\\\\'), '%', '\\%'), '_', '\\_')) || '%')
    ORDER BY a.user_id, (a.frequency = 'instant') DESC, a.id
    ON CONFLICT (user_id, job_id) DO NOTHING
    RETURNING user_id, frequency, channels`.execute(db);
  return { recorded: recorded.rows, lastUserId };
}

export const markNotified = (db: Kdb, jobId: number, userIds: number[], at: Date) =>
  userIds.length === 0
    ? Promise.resolve()
    : db
        .updateTable('job_alert_deliveries')
        .set({ notified_at: at })
        .where('job_id', '=', jobId)
        .where('user_id', 'in', userIds)
        .execute();

/**
 * Daily deliveries still waiting, counted per member with every channel their alerts asked for, and
 * marked told in the same statement.
 */
export const takeWaitingDigests = async (db: Kdb, at: Date) =>
  (
    await sql<{ user_id: number; count: number; channels: ('push' | 'email' | 'sms')[] }>`
      WITH taken AS (
        UPDATE job_alert_deliveries SET notified_at = ${at}
        WHERE notified_at IS NULL AND frequency = 'daily'
        RETURNING user_id, job_id, channels
      )
      SELECT user_id, count(DISTINCT job_id)::int AS count,
             coalesce(array_agg(DISTINCT c) FILTER (WHERE c IS NOT NULL), '{}') AS channels
      FROM taken LEFT JOIN LATERAL unnest(taken.channels) c ON true
      GROUP BY user_id ORDER BY user_id`.execute(db)
  ).rows;

/** Email off on every alert of the member (a job alert email's unsubscribe link). */
export const turnOffAlertEmail = (db: Kdb, userId: number) =>
  db
    .updateTable('job_alerts')
    .set({ channels: sql`array_remove(channels, 'email')` })
    .where('user_id', '=', userId)
    .execute();

export const jobTitle = (db: Kdb, jobId: number) =>
  db.selectFrom('jobs').select(['id', 'title']).where('id', '=', jobId).executeTakeFirst();
