import { z } from 'zod';
import { CountyFilter } from './county-filter';
import { moneyAmount } from './bids';

// Job alerts: saved searches of the Jobs list; a new job that matches reaches each member once,
// whatever the number of their alerts it matches.

export const JOB_ALERTS_PER_MEMBER = 10;
export const JOB_ALERT_FREQUENCIES = ['instant', 'daily'] as const;
export type JobAlertFrequency = (typeof JOB_ALERT_FREQUENCIES)[number];
export const JOB_ALERT_CHANNELS = ['push', 'email', 'sms'] as const;
export type JobAlertChannel = (typeof JOB_ALERT_CHANNELS)[number];

export const JOB_ALERTS_FULL_MESSAGE = `You can keep at most ${JOB_ALERTS_PER_MEMBER} job alerts. Delete one to add another.`;

const optionalSearch = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters`, abort: true })
    .transform((text) => (text === '' ? undefined : text))
    .optional()
    .nullable()
    .transform((text) => text ?? undefined);

/** POST /api/job-alerts */
export const JobAlertInput = z.object({
  query: optionalSearch(100),
  county: CountyFilter.nullable().transform((county) => county ?? undefined),
  type: optionalSearch(50),
  salary_min: moneyAmount('Minimum salary', { error: 'Minimum salary must be a number' })
    .nullable()
    .optional(),
  frequency: z.enum(JOB_ALERT_FREQUENCIES, { error: 'Choose instant or daily' }),
  channels: z
    .array(z.enum(JOB_ALERT_CHANNELS, { error: 'Channels are push, email and sms' }), {
      error: 'Channels are push, email and sms',
    })
    .max(3)
    .default([])
    .transform((channels) => [...new Set(channels)]),
});
export type JobAlertInputValues = z.input<typeof JobAlertInput>;

export const JobAlertSchema = z.object({
  id: z.number().int(),
  query: z.string().nullable(),
  county: z.string().nullable(),
  type: z.string().nullable(),
  salary_min: z.number().nullable(),
  frequency: z.enum(JOB_ALERT_FREQUENCIES),
  channels: z.array(z.enum(JOB_ALERT_CHANNELS)),
  created_at: z.string(),
});
export type JobAlert = z.infer<typeof JobAlertSchema>;

/** `POST /api/job-alerts/unsubscribe?token=…`: a job alert email's one-click unsubscribe (RFC 8058). */
export const JobAlertsUnsubscribeAnswerSchema = z
  .object({ email: z.literal(false) })
  .meta({ description: 'Email is off on every one of the member’s job alerts; push and SMS are kept' });
