import { z } from 'zod';

/**
 * Every code an error answer may carry (STYLE rule 7): the server's AppError takes only these, and
 * the web compares against `ErrorCode.X`, so a renamed code breaks the build on both sides. A plain
 * object, so a page that compares one code does not download zod.
 */
export const ErrorCode = {
  // Requests the server cannot read.
  BAD_REQUEST: 'BAD_REQUEST',
  MALFORMED_JSON: 'MALFORMED_JSON',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UPLOAD_INCOMPLETE: 'UPLOAD_INCOMPLETE',
  // A body that stopped arriving, or arrived too slowly (REQUEST_TIMEOUT_MS).
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  // A member's stored files would pass STORAGE_QUOTA_MB (413).
  STORAGE_QUOTA_EXCEEDED: 'STORAGE_QUOTA_EXCEEDED',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  INVALID_CURSOR: 'INVALID_CURSOR',
  // Who is asking.
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  RATE_LIMITED: 'RATE_LIMITED',
  // Accounts.
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  INVALID_RESET_TOKEN: 'INVALID_RESET_TOKEN',
  INVALID_UNSUBSCRIBE_TOKEN: 'INVALID_UNSUBSCRIBE_TOKEN',
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  ACCOUNT_EXISTS: 'ACCOUNT_EXISTS',
  // Moderation (docs/design.md#trust-and-safety): a suspended member's login; a second report of one target; an admin
  // demoting or suspending themselves.
  ACCOUNT_SUSPENDED: 'ACCOUNT_SUSPENDED',
  ALREADY_REPORTED: 'ALREADY_REPORTED',
  CANNOT_MODERATE_SELF: 'CANNOT_MODERATE_SELF',
  // Accounts (docs/design.md#trust-and-safety, helper C): email verification links; the quiz scored by the server.
  INVALID_VERIFICATION_TOKEN: 'INVALID_VERIFICATION_TOKEN',
  // Phones as identity: a wrong, expired or worn-out code; a number another account verified; a
  // signup token that is unknown, used or expired.
  PHONE_CODE_WRONG: 'PHONE_CODE_WRONG',
  PHONE_CODE_EXPIRED: 'PHONE_CODE_EXPIRED',
  PHONE_CODE_TRIES: 'PHONE_CODE_TRIES',
  PHONE_TAKEN: 'PHONE_TAKEN',
  INVALID_SIGNUP_TOKEN: 'INVALID_SIGNUP_TOKEN',
  // A member's eleventh job alert.
  JOB_ALERTS_FULL: 'JOB_ALERTS_FULL',
  QUIZ_ROUND_SUBMITTED: 'QUIZ_ROUND_SUBMITTED',
  QUIZ_ROUND_EXPIRED: 'QUIZ_ROUND_EXPIRED',
  QUIZ_SCORE_NOT_ACCEPTED: 'QUIZ_SCORE_NOT_ACCEPTED',
  // People, jobs, bids, videos.
  CANNOT_FOLLOW_SELF: 'CANNOT_FOLLOW_SELF',
  // Blocks (docs/design.md#trust-and-safety): blocking oneself; any reach between a blocked pair (403).
  CANNOT_BLOCK_SELF: 'CANNOT_BLOCK_SELF',
  BLOCKED: 'BLOCKED',
  ALREADY_APPLIED: 'ALREADY_APPLIED',
  VERIFICATION_PENDING: 'VERIFICATION_PENDING',
  VERIFICATION_DECIDED: 'VERIFICATION_DECIDED',
  // Job applications (docs/design.md#job-applications): a closed or expired job; a withdrawn application is final.
  JOB_CLOSED: 'JOB_CLOSED',
  APPLICATION_WITHDRAWN: 'APPLICATION_WITHDRAWN',
  BID_CLOSED: 'BID_CLOSED',
  OFFER_ALREADY_ACCEPTED: 'OFFER_ALREADY_ACCEPTED',
  // Money and offers (docs/design.md#offers-that-behave-like-a-marketplace): one live offer per member per bid; only a pending offer on an
  // Open bid changes; a bid completes after an accept.
  OFFER_EXISTS: 'OFFER_EXISTS',
  OFFER_NOT_PENDING: 'OFFER_NOT_PENDING',
  BID_NOT_ACCEPTED: 'BID_NOT_ACCEPTED',
  // Reviews (docs/design.md#reviews): one review per party per deal; only after the deal is done.
  ALREADY_REVIEWED: 'ALREADY_REVIEWED',
  DEAL_NOT_COMPLETED: 'DEAL_NOT_COMPLETED',
  // Payments (M-Pesa): in shillings only; one live payment per deal; a step the payment's state does
  // not allow; Daraja unreachable or refusing.
  PAYMENT_CURRENCY: 'PAYMENT_CURRENCY',
  PAYMENT_EXISTS: 'PAYMENT_EXISTS',
  PAYMENT_STATE: 'PAYMENT_STATE',
  PAYMENT_PHONE_REQUIRED: 'PAYMENT_PHONE_REQUIRED',
  MPESA_UNAVAILABLE: 'MPESA_UNAVAILABLE',
  UNSUPPORTED_VIDEO_FORMAT: 'UNSUPPORTED_VIDEO_FORMAT',
  VIDEO_PROCESSING_UNAVAILABLE: 'VIDEO_PROCESSING_UNAVAILABLE',
  // Idempotency keys (README): one key sent with a different request; a repeat while it still runs;
  // a repeat of a request whose write committed but whose process died before its answer was stored.
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  IDEMPOTENCY_KEY_IN_USE: 'IDEMPOTENCY_KEY_IN_USE',
  IDEMPOTENCY_ANSWER_LOST: 'IDEMPOTENCY_ANSWER_LOST',
  // The server itself.
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = keyof typeof ErrorCode;
export const ErrorCodeSchema = z.enum(ErrorCode);

/** The body of every error answer (docs/design.md#api-conventions). */
export const ApiErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  /** Per-field messages, on validation errors only. */
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;
