import { z } from 'zod';
import { CurrencyInput, moneyAmount, PostedItemFields, toCents } from './bids';
import { CURRENCIES, DEFAULT_CURRENCY } from './format';
import { Id, numberInput, optionalText, requiredText, SearchText } from './input';
import { RiskSchema } from './shield/risk-schema';
import { APPLICATION_STATUSES } from './application-status';
import { JOB_STATUSES } from './job-status';
import { CountyFilter } from './county-filter';

export const JOB_LIMITS = {
  title: 150,
  company: 150,
  location: 100,
  type: 50,
  description: 5000,
  salary: 100,
  applicationMessage: 2000,
} as const;

export const SALARY_PERIODS = ['hour', 'day', 'week', 'month', 'project'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

/** Empty means not given: a number field or a select left blank sends ''. */
const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const salaryAmount = (label: string) =>
  z.preprocess(blankToNull, moneyAmount(label, { error: `${label} must be a number` }).nullable());

/** How long a job stays open (docs/design.md#job-applications): 30 days unless the poster chooses 1–90. */
export const JOB_EXPIRY_DAYS = { default: 30, min: 1, max: 90 } as const;

const expiresInDays = z.preprocess(
  (value) => (value === '' ? undefined : value),
  numberInput(
    z
      .number({ error: 'Expires in must be a number of days' })
      .int('Expires in must be a whole number of days')
      .min(JOB_EXPIRY_DAYS.min, `Expires in must be at least ${JOB_EXPIRY_DAYS.min} day`)
      .max(JOB_EXPIRY_DAYS.max, `Expires in can be at most ${JOB_EXPIRY_DAYS.max} days`),
  )
    // Left blank: the default on create, unchanged on an edit.
    .optional(),
);

// Without defaults, so that a PATCH leaves out what it does not change.
const jobFields = {
  title: requiredText('Job title', JOB_LIMITS.title),
  company: optionalText('Company', JOB_LIMITS.company),
  location: optionalText('Location', JOB_LIMITS.location),
  type: optionalText('Type', JOB_LIMITS.type),
  description: optionalText('Description', JOB_LIMITS.description),
  /** SPEC's free text ("KSh 60,000 a month"), kept beside the structured range. */
  salary: optionalText('Salary', JOB_LIMITS.salary),
  currency: CurrencyInput,
  salary_min: salaryAmount('Minimum salary'),
  salary_max: salaryAmount('Maximum salary'),
  salary_period: z.preprocess(
    blankToNull,
    z.enum(SALARY_PERIODS, { error: 'Choose hour, day, week, month or project' }).nullable(),
  ),
};

const SALARY_RANGE_MESSAGE = 'Maximum salary cannot be less than the minimum';

/** min ≤ max when both are given (a PATCH may give one: the server checks it with the stored other). */
export function salaryRangeMessage(range: {
  salary_min?: number | null | undefined;
  salary_max?: number | null | undefined;
}): string | undefined {
  const { salary_min: min, salary_max: max } = range;
  return min != null && max != null && toCents(min) > toCents(max) ? SALARY_RANGE_MESSAGE : undefined;
}

/**
 * A job as the poster types it. Only the title is required; an empty company is shown as Private
 * (the specified screens Job card). The salary range and its period are optional, in KES unless USD (docs/design.md#money-in-kenya-shillings).
 */
export const JobInput = z
  .object({
    ...jobFields,
    company: jobFields.company.default(''),
    location: jobFields.location.default(''),
    type: jobFields.type.default(''),
    description: jobFields.description.default(''),
    salary: jobFields.salary.default(''),
    currency: jobFields.currency.default(DEFAULT_CURRENCY),
    salary_min: jobFields.salary_min.default(null),
    salary_max: jobFields.salary_max.default(null),
    salary_period: jobFields.salary_period.default(null),
    /** Days until the job closes by itself (docs/design.md#job-applications). */
    expires_in_days: expiresInDays.transform((days) => days ?? JOB_EXPIRY_DAYS.default),
  })
  .superRefine((job, ctx) => {
    const message = salaryRangeMessage(job);
    if (message) ctx.addIssue({ code: 'custom', path: ['salary_max'], message });
  });
export type JobInputValues = z.infer<typeof JobInput>;

/**
 * `PATCH /api/jobs/{id}` by the poster: any of the create fields; `status` closes the job (or
 * reopens one that has not expired); `expires_in_days` sets a new end counted from now.
 */
export const JobPatchInput = z
  .object({
    ...jobFields,
    expires_in_days: expiresInDays,
    status: z.enum(JOB_STATUSES, { error: 'Status must be open or closed' }),
  })
  .partial()
  .superRefine((job, ctx) => {
    const message = salaryRangeMessage(job);
    if (message) ctx.addIssue({ code: 'custom', path: ['salary_max'], message });
  });
export type JobPatchInputValues = z.infer<typeof JobPatchInput>;

/** An application may carry a short note to the poster. */
export const JobApplyInput = z.object({
  message: optionalText('Message', JOB_LIMITS.applicationMessage).default(''),
});
export type JobApplyInputValues = z.infer<typeof JobApplyInput>;

/**
 * Filters of the job lists: the Jobs Feed dropdowns (exact type, case-insensitive location and
 * company), the search box (case-insensitive substring of title, company or location; `%` and `_`
 * match themselves), a profile's jobs (`user_id`) and a county (docs/features/phones-and-places.md: jobs whose location
 * names the county or one of its towns; any spelling of the county's name).
 */
export const JobSearchQuery = z.object({
  user_id: Id.optional(),
  type: SearchText,
  location: SearchText,
  company: SearchText,
  search: SearchText,
  county: CountyFilter,
});
export type JobSearchQueryValues = z.infer<typeof JobSearchQuery>;

/** A job with what its card shows (the specified fields names; `job_type` repeats `type`). */
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
  currency: z.enum(CURRENCIES),
  salary_min: z.number().nullable(),
  salary_max: z.number().nullable(),
  salary_period: z.enum(SALARY_PERIODS).nullable(),
  client_id: z.number(),
  ...PostedItemFields,
  /** The poster is a verified employer, and a licensed agency (their badges on the job). */
  employer_verified: z.boolean(),
  agency_licensed: z.boolean(),
  applied_by_me: z.boolean(),
  saved_by_me: z.boolean(),
  applicants_count: z.number(),
  /** The scam shield's verdict (docs/design.md#trust-and-safety). */
  risk: RiskSchema,
  /** Closed by its poster; a job past `expires_at` is closed too (docs/design.md#job-applications). */
  status: z.enum(JOB_STATUSES),
  expires_at: z.string(),
  /** The viewer's own application's status, or null when they have not applied. */
  my_application_status: z.enum(APPLICATION_STATUSES).nullable(),
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
  status: z.enum(APPLICATION_STATUSES),
  has_cv: z.boolean(),
  created_at: z.string(),
});
export type JobApplicationDto = z.infer<typeof JobApplicationSchema>;

/** A single job; `applicants` is present only when the poster asks. */
export const JobDetailSchema = JobSchema.extend({
  applicants: z.array(JobApplicationSchema).optional(),
});
export type JobDetailDto = z.infer<typeof JobDetailSchema>;

/** The distinct non-empty values for the Jobs Feed dropdowns (the specified screens Jobs Feed). */
export const JobFilterOptionsSchema = z.object({
  types: z.array(z.string()),
  locations: z.array(z.string()),
  companies: z.array(z.string()),
});
export type JobFilterOptions = z.infer<typeof JobFilterOptionsSchema>;

export const SavedJobAnswerSchema = z.object({ saved: z.boolean() });
export type SavedJobAnswer = z.infer<typeof SavedJobAnswerSchema>;
