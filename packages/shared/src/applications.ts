import { z } from 'zod';
import { APPLICATION_STATUSES } from './application-status';

export * from './application-status';

/** A CV is a PDF of at most 5 MB, judged by its bytes (docs/design.md#job-applications). */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
/** The bytes every PDF starts with. */
export const PDF_MAGIC = '%PDF-';
export const CV_MESSAGES = {
  notPdf: 'The CV must be a PDF file',
  tooLarge: 'The CV can be at most 5 MB',
} as const;

/** Whether the bytes are a PDF's. */
export function isPdfBytes(bytes: Uint8Array): boolean {
  if (bytes.length < PDF_MAGIC.length) return false;
  for (let i = 0; i < PDF_MAGIC.length; i++) if (bytes[i] !== PDF_MAGIC.charCodeAt(i)) return false;
  return true;
}

/**
 * The browser's early check of a chosen CV file (size and type), before it is sent; the server
 * judges the bytes themselves.
 */
export function cvFileMessage(file: { size: number; type: string; name: string }): string | undefined {
  if (file.size > CV_MAX_BYTES) return CV_MESSAGES.tooLarge;
  const looksPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  return looksPdf ? undefined : CV_MESSAGES.notPdf;
}

/** `{id, job_id, user_id, message, status, has_cv, created_at}`: an application (docs/design.md#job-applications). */
export const ApplicationSchema = z.object({
  id: z.number(),
  job_id: z.number(),
  user_id: z.number(),
  message: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  has_cv: z.boolean(),
  created_at: z.string(),
  /** When the status last changed; null while submitted. */
  status_changed_at: z.string().nullable(),
});
export type ApplicationDto = z.infer<typeof ApplicationSchema>;

/** A line of `GET /api/applications/me`: with the job's title and company. */
export const MyApplicationSchema = ApplicationSchema.extend({
  job_title: z.string(),
  company: z.string(),
});
export type MyApplicationDto = z.infer<typeof MyApplicationSchema>;

export const ApplicantSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  profile_pic: z.string().nullable(),
});

/** A line of `GET /api/jobs/{id}/applications` (the poster): with the applicant. */
export const JobApplicantSchema = ApplicationSchema.extend({ applicant: ApplicantSchema });
export type JobApplicantDto = z.infer<typeof JobApplicantSchema>;

/** `GET /api/applications/{id}/cv`: the PDF itself, sent as an attachment (not JSON). */
export const CvFileSchema = z.string().describe('The CV: a PDF file (application/pdf), as an attachment');

/** `PATCH /api/applications/{id}`. */
export const ApplicationPatchInput = z.object({
  status: z.enum(APPLICATION_STATUSES, {
    error: 'Status must be viewed, shortlisted, rejected, hired or withdrawn',
  }),
});
export type ApplicationPatchInputValues = z.infer<typeof ApplicationPatchInput>;

/** `GET /api/jobs/{id}/applications?status=`. */
export const JobApplicationsQuery = z.object({
  status: z.enum(APPLICATION_STATUSES, { error: 'Unknown status' }).optional(),
});
