import type {
  ActiveSession,
  ChangePasswordInputValues,
  ForgotPasswordAnswer,
  MessageAnswer,
  PhoneStartAnswer,
  PhoneStartInputValues,
  PhoneVerifyAnswer,
  PhoneVerifyInputValues,
} from '@jamii/shared';
import { apiFetch } from '../../lib/api';

/** `POST /api/auth/forgot-password` (the specified API calls). */

export function requestPasswordReset(email: string): Promise<ForgotPasswordAnswer> {
  return apiFetch<ForgotPasswordAnswer>('/api/auth/forgot-password', {
    method: 'POST',
    body: { email },
    retryOnUnauthorized: false,
  });
}

/** `POST /api/auth/reset-password`: answers the message to show. */
export function resetPassword(token: string, password: string): Promise<MessageAnswer> {
  return apiFetch<MessageAnswer>('/api/auth/reset-password', {
    method: 'POST',
    body: { token, password },
    retryOnUnauthorized: false,
  });
}

// Verified emails and account security (docs/design.md#trust-and-safety).

/** `POST /api/auth/verify-email`: confirms the email the link was sent to. */
export function verifyEmail(token: string): Promise<MessageAnswer> {
  return apiFetch<MessageAnswer>('/api/auth/verify-email', {
    method: 'POST',
    body: { token },
    retryOnUnauthorized: false,
  });
}

/** `POST /api/auth/verify-email/resend`: emails the signed-in member a new link (rate-limited: 429). */
export function resendVerification(): Promise<MessageAnswer> {
  return apiFetch<MessageAnswer>('/api/auth/verify-email/resend', { method: 'POST' });
}

/** `POST /api/auth/change-password` (400 with `errors.current_password` when it is wrong). */
export function changePassword(input: ChangePasswordInputValues): Promise<MessageAnswer> {
  return apiFetch<MessageAnswer>('/api/auth/change-password', { method: 'POST', body: input });
}

/** `GET /api/auth/sessions`: my logins, this one marked `current`. */
export function listSessions(): Promise<ActiveSession[]> {
  return apiFetch<ActiveSession[]>('/api/auth/sessions');
}

/** `DELETE /api/auth/sessions/{id}` (204). */
export function endSession(id: string): Promise<void> {
  return apiFetch<void>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

// Phones as identity (docs/features/accounts.md).

/**
 * `POST /api/auth/phone/start`: texts a six-digit code to the number (429 after three an hour, with
 * Retry-After). Signed out, `language` is the SMS's; a member's own language is used otherwise.
 */
export function startPhoneCode(input: PhoneStartInputValues, isSignedIn: boolean): Promise<PhoneStartAnswer> {
  return apiFetch<PhoneStartAnswer>('/api/auth/phone/start', {
    method: 'POST',
    body: input,
    retryOnUnauthorized: isSignedIn,
  });
}

/**
 * `POST /api/auth/phone/verify`: signed in, the number becomes the member's verified one; signed
 * out, its owner is logged in, or a newcomer gets a signup token.
 */
export function verifyPhoneCode(
  input: PhoneVerifyInputValues,
  isSignedIn: boolean,
): Promise<PhoneVerifyAnswer> {
  return apiFetch<PhoneVerifyAnswer>('/api/auth/phone/verify', {
    method: 'POST',
    body: input,
    retryOnUnauthorized: isSignedIn,
  });
}
