/**
 * Failures that SPEC says are "only logged" (logout, user re-fetch, ...): kept in the browser console
 * for whoever debugs the page, never shown to the member.
 */
export function logError(what: string, error: unknown): void {
  console.warn(`[jamii] ${what}`, error);
}
