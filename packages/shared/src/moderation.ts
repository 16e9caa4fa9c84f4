import { z } from 'zod';
import { Id } from './input';
import { REPORT_NOTE_MAX, REPORT_REASONS, REPORT_TARGET_TYPES, SUSPEND_REASON_MAX } from './report-reasons';

// Reports, the moderation queue, suspension and the audit log (docs/design.md#trust-and-safety).

/** `POST /api/reports`. */
export const ReportInput = z.object({
  target_type: z.enum(REPORT_TARGET_TYPES, { error: 'Choose what you are reporting' }),
  target_id: Id,
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX, `Keep the note under ${REPORT_NOTE_MAX} characters`)
    .optional(),
});
export type ReportInputValues = z.infer<typeof ReportInput>;

export const ReportSchema = z.object({
  id: z.number(),
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: z.number(),
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  status: z.enum(['open', 'dismissed', 'actioned']),
  created_at: z.string(),
});
export type ReportDto = z.infer<typeof ReportSchema>;

export const ALREADY_REPORTED_MESSAGE = 'You already reported this';

const Member = z.object({ id: z.number(), username: z.string(), name: z.string() });

/** One row of `GET /api/admin/reports`: the open reports on one target. */
export const ReportGroupSchema = z.object({
  /** The newest open report on the target: resolve through `/api/admin/reports/{id}/resolve`. */
  id: z.number(),
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: z.number(),
  /** A short preview of the target (its title or the start of its text); empty when it is gone. */
  preview: z.string(),
  author: Member.nullable(),
  moderation: z.enum(['visible', 'hidden', 'held']).nullable(),
  count: z.number(),
  reasons: z.array(z.enum(REPORT_REASONS)),
  notes: z.array(z.string()),
  first_reported_at: z.string(),
  last_reported_at: z.string(),
});
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

export const RESOLVE_ACTIONS = ['dismiss', 'hide', 'remove', 'suspend_author'] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

export const ResolveInput = z.object({
  action: z.enum(RESOLVE_ACTIONS, { error: 'Choose dismiss, hide, remove or suspend_author' }),
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX, `Keep the note under ${REPORT_NOTE_MAX} characters`)
    .optional(),
});
export type ResolveInputValues = z.infer<typeof ResolveInput>;

export const ResolveAnswerSchema = z.object({
  action: z.enum(RESOLVE_ACTIONS),
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: z.number(),
  /** How many open reports this closed. */
  resolved: z.number(),
});
export type ResolveAnswer = z.infer<typeof ResolveAnswerSchema>;

export const SuspendInput = z.object({
  reason: z
    .string({ error: 'Give a reason' })
    .trim()
    .min(1, 'Give a reason')
    .max(SUSPEND_REASON_MAX, `Keep the reason under ${SUSPEND_REASON_MAX} characters`),
});
export type SuspendInputValues = z.infer<typeof SuspendInput>;

export const RoleInput = z.object({
  role: z.enum(['member', 'admin'], { error: 'Role is member or admin' }),
});
export type RoleInputValues = z.infer<typeof RoleInput>;

/** One member in `GET /api/admin/users` (and the answer of suspend, restore and role). */
export const AdminMemberSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['member', 'admin']),
  suspended_at: z.string().nullable(),
  suspended_reason: z.string().nullable(),
  created_at: z.string(),
});
export type AdminMember = z.infer<typeof AdminMemberSchema>;

export const AdminUsersQuery = z.object({ search: z.string().trim().max(100).optional() });

export const AUDIT_ACTIONS = [
  'report_dismiss',
  'report_hide',
  'report_remove',
  'report_suspend_author',
  'suspend',
  'restore',
  'grant_admin',
  'revoke_admin',
  'held_approve',
  'held_reject',
  'job_delete',
  'employer_approve',
  'employer_reject',
  'payment_release',
  'payment_refund',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One row of `GET /api/admin/audit`. */
export const AuditEntrySchema = z.object({
  id: z.number(),
  admin: z.object({ id: z.number().nullable(), username: z.string() }),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().nullable(),
  target_label: z.string(),
  note: z.string(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const HELD_TYPES = ['post', 'job', 'bid', 'service'] as const;
export type HeldType = (typeof HELD_TYPES)[number];

/** Three scam reports from different members, none of them the author, hold a job for a moderator. */
export const SCAM_REPORTS_TO_HOLD = 3;

/**
 * One row of `GET /api/admin/held`: an item held for an admin, by the scam shield or by members'
 * scam reports. `text` is the whole text the shield read; `matches` the stretches of it behind
 * `risk_reasons` (`text.slice(start, end)`), for the queue to highlight.
 */
export const HeldItemSchema = z.object({
  type: z.enum(HELD_TYPES),
  id: z.number(),
  preview: z.string(),
  text: z.string(),
  matches: z.array(z.object({ start: z.number(), end: z.number(), reason: z.string() })),
  author: Member,
  risk_level: z.enum(['none', 'caution', 'high']),
  risk_reasons: z.array(z.string()),
  /** Open scam reports from members other than the author. */
  scam_reports: z.number(),
  created_at: z.string(),
});
export type HeldItem = z.infer<typeof HeldItemSchema>;

export const HeldDecisionSchema = z.object({
  type: z.enum(HELD_TYPES),
  id: z.number(),
  moderation: z.enum(['visible', 'hidden']),
});
export type HeldDecision = z.infer<typeof HeldDecisionSchema>;

/** The 403 login answers a suspended member, with the admin's reason. */
export const suspendedMessage = (reason: string | null) =>
  `Your account is suspended${reason ? `: ${reason}` : ''}`;
