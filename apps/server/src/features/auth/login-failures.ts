import { AppError } from '../../platform/errors';

// Fair lockouts (docs/design.md#trust-and-safety): the per-username login limit counts failed logins only. A correct
// login and a password reset clear the username's count, and the refusal says how many minutes
// remain. Counted in this process's memory (one entry per username with recent failures); the
// per-address limit in platform/rate-limits.ts still applies to every attempt.

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const tooManyFailuresMessage = (minutes: number) =>
  `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/** The 429 of a username with too many recent failures; the route sends Retry-After. */
export class LockedOut extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 429, tooManyFailuresMessage(Math.max(1, Math.ceil(retryAfterSeconds / 60))));
  }
}

export function createLoginFailures(enabled: boolean, now: () => number = Date.now) {
  const failures = new Map<string, { count: number; resetAt: number }>();
  const key = (username: string) => username.trim().replace(/^@/, '').toLowerCase();
  const current = (username: string) => {
    const entry = failures.get(key(username));
    if (entry && entry.resetAt <= now()) {
      failures.delete(key(username));
      return undefined;
    }
    return entry;
  };
  return {
    /** Refuses (429) a username with too many recent failures, saying how long to wait. */
    check(username: string) {
      if (!enabled) return;
      const entry = current(username);
      if (entry && entry.count >= LOGIN_FAILURE_LIMIT) {
        const seconds = Math.ceil((entry.resetAt - now()) / 1000);
        throw new LockedOut(seconds);
      }
    },
    fail(username: string) {
      if (!enabled) return;
      const entry = current(username);
      if (entry) entry.count += 1;
      else failures.set(key(username), { count: 1, resetAt: now() + LOGIN_FAILURE_WINDOW_MS });
    },
    clear(username: string) {
      failures.delete(key(username));
    },
  };
}

export type LoginFailures = ReturnType<typeof createLoginFailures>;
