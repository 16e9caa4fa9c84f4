import type { ForgotPasswordAnswer, MessageAnswer } from '@jamii/shared';
import { apiFetch } from '../../lib/api';

/** `POST /api/auth/forgot-password` (SPEC §7). */

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
