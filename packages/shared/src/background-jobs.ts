import { z } from 'zod';

/**
 * One row of `GET /api/admin/background-jobs/failed`: a background job (docs/design.md#past-one-machine) that used all
 * its attempts, newest first. Its payload is not shown (an email's may hold a one-time link).
 */
export const FailedJobSchema = z.object({
  id: z.number(),
  /** What the job does, e.g. `video.renditions`, `email.send`. */
  name: z.string(),
  attempts: z.number(),
  /** The last attempt's error message. */
  last_error: z.string().nullable(),
  failed_at: z.string(),
  created_at: z.string(),
});
export type FailedJob = z.infer<typeof FailedJobSchema>;
