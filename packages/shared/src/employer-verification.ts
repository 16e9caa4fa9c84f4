import { z } from 'zod';

/** What a member asks to be verified as. */
export const EMPLOYER_KINDS = ['company', 'agency'] as const;
export type EmployerKind = (typeof EMPLOYER_KINDS)[number];
export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** A KRA PIN: A (a person) or P (a company), nine digits, a letter. */
export const KRA_PIN = /^[AP]\d{9}[A-Z]$/;
export const VERIFICATION_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

export const VERIFICATION_MESSAGES = {
  kind: 'Choose company or agency',
  legalName: 'Enter the legal name as registered',
  kraPin: 'Enter a KRA PIN: A or P, nine digits and a letter (like P051234567X)',
  registrationNo: 'Enter the registration number',
  neaLicence: 'A recruitment agency needs its NEA licence number',
  document: 'Attach the registration certificate as a PDF',
  notPdf: 'The document must be a PDF file',
  tooLarge: 'The document can be at most 5 MB',
  pending: 'Your request is already waiting for an admin',
  decided: 'This request has already been decided',
} as const;

const text = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: message }).min(1, message).max(max, message),
  );

/** `POST /api/employer-verification` (multipart, beside the `document` PDF). */
export const EmployerVerificationInput = z
  .object({
    kind: z.enum(EMPLOYER_KINDS, { error: VERIFICATION_MESSAGES.kind }),
    legal_name: text(200, VERIFICATION_MESSAGES.legalName),
    kra_pin: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.string({ error: VERIFICATION_MESSAGES.kraPin }).regex(KRA_PIN, VERIFICATION_MESSAGES.kraPin),
    ),
    registration_no: text(50, VERIFICATION_MESSAGES.registrationNo),
    nea_licence_no: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined),
      z.string().max(50, VERIFICATION_MESSAGES.neaLicence).optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'agency' && !value.nea_licence_no)
      ctx.addIssue({ code: 'custom', path: ['nea_licence_no'], message: VERIFICATION_MESSAGES.neaLicence });
  });
export type EmployerVerificationValues = z.infer<typeof EmployerVerificationInput>;

/** The answer to a request: it waits for an admin. */
export const VerificationCreatedSchema = z.object({ status: z.literal('pending') });

/** `GET /api/employer-verification`: the caller's latest request and what the member holds now. */
export const MyVerificationSchema = z.object({
  employer_verified: z.boolean(),
  agency_licensed: z.boolean(),
  request: z
    .object({
      id: z.number(),
      kind: z.enum(EMPLOYER_KINDS),
      legal_name: z.string(),
      status: z.enum(VERIFICATION_STATUSES),
      note: z.string().nullable(),
      created_at: z.string(),
      decided_at: z.string().nullable(),
    })
    .nullable(),
});
export type MyVerificationDto = z.infer<typeof MyVerificationSchema>;

/** One request in the admins' queue (`GET /api/admin/employer-verifications`). */
export const AdminVerificationSchema = z.object({
  id: z.number(),
  user: z.object({ id: z.number(), username: z.string(), name: z.string() }),
  kind: z.enum(EMPLOYER_KINDS),
  legal_name: z.string(),
  kra_pin: z.string(),
  registration_no: z.string(),
  nea_licence_no: z.string().nullable(),
  status: z.enum(VERIFICATION_STATUSES),
  note: z.string().nullable(),
  /** The PDF, for admins: `GET /api/admin/employer-verifications/{id}/document`. */
  document_url: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type AdminVerificationDto = z.infer<typeof AdminVerificationSchema>;

export const AdminVerificationsQuery = z.object({ status: z.enum(VERIFICATION_STATUSES).optional() });

/** `POST /api/admin/employer-verifications/{id}/approve|reject`. */
export const VerificationDecisionInput = z.object({
  note: z.string().trim().max(500, 'The note can be at most 500 characters').optional(),
});

export const VerificationDocumentSchema = z.string().describe('The document: a PDF file (application/pdf)');
