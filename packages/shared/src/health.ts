import { z } from 'zod';

/** GET /api/health: the process is up. */
export const HealthSchema = z.object({ status: z.literal('ok') });
export type HealthAnswer = z.infer<typeof HealthSchema>;

/** One streaming replica as the server last found it (DATABASE_REPLICA_URLS, in their order). */
export const ReplicaStateSchema = z.object({
  name: z.string(),
  /** up: serves reads; lagging: further behind than REPLICA_MAX_LAG_S, skipped; down: not answering, skipped. */
  status: z.enum(['up', 'lagging', 'down']),
  /** Seconds behind the primary at the last check; null while it does not answer. */
  lag_seconds: z.number().nullable(),
  /** Reads it has served since this instance started. */
  reads: z.number().int(),
});
export type ReplicaState = z.infer<typeof ReplicaStateSchema>;

/**
 * GET /api/ready: whether the database answers (the same shape with 503 when it does not), and the
 * read replicas with their lag (none without DATABASE_REPLICA_URLS). A replica that is down or
 * lagging never makes the instance unready: the primary serves its reads.
 */
export const ReadySchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  replicas: z.array(ReplicaStateSchema),
});
export type ReadyAnswer = z.infer<typeof ReadySchema>;
