import { ApiError } from './api';

/**
 * Puts the server's per-field messages (a 400 or 409 answer's `errors`) under the matching form
 * fields, so a rule the server checked reads like one the form checked. Answers how many it placed.
 */
export function showServerFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: (field: F, error: { type: 'server'; message: string }) => void,
): number {
  const messages = error instanceof ApiError ? (error.errors ?? {}) : {};
  let placed = 0;
  for (const field of fields) {
    const message = messages[field];
    if (message) {
      setError(field, { type: 'server', message });
      placed++;
    }
  }
  return placed;
}
