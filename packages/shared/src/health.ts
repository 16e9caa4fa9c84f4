import { z } from 'zod';

/** GET /api/health: the process is up. */
export const HealthSchema = z.object({ status: z.literal('ok') });
export type HealthAnswer = z.infer<typeof HealthSchema>;

/** GET /api/ready: whether the database answers (the same shape with 503 when it does not). */
export const ReadySchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
});
export type ReadyAnswer = z.infer<typeof ReadySchema>;
