// What a report may be about and why, without zod: every card's Report button reads them, and the
// feed's download should not carry the moderation schemas (the JavaScript budget (docs/web-performance.md)).
export const REPORT_TARGET_TYPES = [
  'post',
  'job',
  'bid',
  'offer',
  'service',
  'video',
  'user',
  'message',
  'comment',
] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = [
  'spam',
  'scam',
  'harassment',
  'hate',
  'sexual',
  'violence',
  'fake',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_NOTE_MAX = 500;
export const SUSPEND_REASON_MAX = 500;
