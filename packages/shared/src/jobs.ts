import { z } from 'zod';
import { Id } from './input';

export const JOB_LIMITS = {
  title: 150,
  company: 150,
  location: 100,
  type: 50,
  description: 5000,
  salary: 100,
  applicationMessage: 2000,
} as const;

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} can be at most ${max} characters`).default('');

/**
 * A job as the poster types it. Only the title is required; an empty company is shown as Private
 * (SPEC §2 Job card).
 */
export const JobInput = z.object({
  title: z
    .string({ error: 'Job title is required' })
    .trim()
    .min(1, 'Job title is required')
    .max(JOB_LIMITS.title, `Job title can be at most ${JOB_LIMITS.title} characters`),
  company: optionalText(JOB_LIMITS.company, 'Company'),
  location: optionalText(JOB_LIMITS.location, 'Location'),
  type: optionalText(JOB_LIMITS.type, 'Type'),
  description: optionalText(JOB_LIMITS.description, 'Description'),
  salary: optionalText(JOB_LIMITS.salary, 'Salary'),
});
export type JobInputValues = z.infer<typeof JobInput>;

/** An application may carry a short note to the poster. */
export const JobApplyInput = z.object({
  message: optionalText(JOB_LIMITS.applicationMessage, 'Message'),
});
export type JobApplyInputValues = z.infer<typeof JobApplyInput>;

const filterText = z.string().trim().max(100, 'At most 100 characters').optional();

/**
 * Filters of the job lists: the Jobs Feed dropdowns (exact type, case-insensitive location and
 * company), the search box (case-insensitive substring of title, company or location; `%` and `_`
 * match themselves) and a profile's jobs (`user_id`).
 */
export const JobSearchQuery = z.object({
  user_id: Id.optional(),
  type: filterText,
  location: filterText,
  company: filterText,
  search: filterText,
});
export type JobSearchQueryValues = z.infer<typeof JobSearchQuery>;

/** A job with what its card shows (SPEC §3 names; `job_type` repeats `type`). */
export const JobSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** Empty when the poster did not name it: show Private. */
  company: z.string(),
  location: z.string(),
  type: z.string(),
  job_type: z.string(),
  description: z.string(),
  salary: z.string(),
  client_id: z.number(),
  created_at: z.string(),
  /** The poster. */
  name: z.string(),
  username: z.string(),
  profile_pic: z.string().nullable(),
  applied_by_me: z.boolean(),
  saved_by_me: z.boolean(),
  applicants_count: z.number(),
});
export type JobDto = z.infer<typeof JobSchema>;

/** One application: the answer to Apply, and a line of the poster's applicants list. */
export const JobApplicationSchema = z.object({
  id: z.number(),
  job_id: z.number(),
  user_id: z.number(),
  name: z.string(),
  username: z.string(),
  profile_pic: z.string().nullable(),
  message: z.string(),
  created_at: z.string(),
});
export type JobApplicationDto = z.infer<typeof JobApplicationSchema>;

/** A single job; `applicants` is present only when the poster asks. */
export const JobDetailSchema = JobSchema.extend({
  applicants: z.array(JobApplicationSchema).optional(),
});
export type JobDetailDto = z.infer<typeof JobDetailSchema>;

/** The distinct non-empty values for the Jobs Feed dropdowns (SPEC §2 Jobs Feed). */
export const JobFilterOptionsSchema = z.object({
  types: z.array(z.string()),
  locations: z.array(z.string()),
  companies: z.array(z.string()),
});
export type JobFilterOptions = z.infer<typeof JobFilterOptionsSchema>;

export const SavedJobAnswerSchema = z.object({ saved: z.boolean() });
export type SavedJobAnswer = z.infer<typeof SavedJobAnswerSchema>;
