/**
 * How a GET goes to the API and is read, shared by the api client (lib/api.ts) and the script that
 * starts a screen's first calls before the app's code has arrived (app/early-start.ts): one place for
 * the headers, so both send the same request.
 */

/** How long a call may wait for its answer before it fails with TIMEOUT instead of hanging. */
export const REQUEST_TIMEOUT_MS = 20_000;

/** An answer read whole: the response, and its body as JSON (undefined when empty or not JSON). */
export type Answer = { response: Response; body: unknown };

/** The headers of every call: JSON answers, the CSRF marker, and the access token when there is one. */
export function baseHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A plain GET as the api client sends it, within the time limit, read whole. */
export async function getAnswer(path: string, token: string | null): Promise<Answer> {
  const response = await fetch(path, {
    headers: baseHeaders(token),
    credentials: 'include',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { response, body: await readBody(response) };
}

/**
 * A GET started before its screen asked for it, by the page's early script (app/early-start.ts) or
 * a route's `start` (app/early-requests.ts), with the token it carried.
 */
export interface EarlyAnswer {
  token: string | null;
  /** `performance.now()` when it was started: only fresh ones are handed over. */
  startedAt: number;
  answer: Promise<Answer>;
}

/** How long an early answer waits for the call that takes it. */
export const EARLY_ANSWER_MS = 10_000;

const EARLY = Symbol.for('jamii.earlyAnswers');
type WithEarly = typeof globalThis & { [EARLY]?: Map<string, EarlyAnswer> };

/**
 * The early answers by path: one map for the early script and the app (a global, as they are
 * separate scripts), so that a call either of them starts, such as the feed's posts that wait for the
 * member's counts, is never asked for twice.
 */
export function earlyAnswers(): Map<string, EarlyAnswer> {
  return ((globalThis as WithEarly)[EARLY] ??= new Map());
}

/** The early answer of `path` if it is fresh and carried this token; a stale one is dropped. */
export function freshEarlyAnswer(path: string, token: string | null): EarlyAnswer | undefined {
  const early = earlyAnswers().get(path);
  if (!early) return undefined;
  if (early.token === token && performance.now() - early.startedAt <= EARLY_ANSWER_MS) return early;
  earlyAnswers().delete(path);
  return undefined;
}

/** `GET path` as started early: the one already on its way with this token, else `send()` now. */
export function startEarly(path: string, token: string | null, send: () => Promise<Answer>): EarlyAnswer {
  const found = freshEarlyAnswer(path, token);
  if (found) return found;
  const answer = send();
  answer.catch(() => undefined);
  const early = { token, startedAt: performance.now(), answer };
  earlyAnswers().set(path, early);
  return early;
}
