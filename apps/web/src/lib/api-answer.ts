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

/** GET answers started by the page's early script, by path, with the token they carried. */
export interface StartedAnswers {
  token: string | null;
  /** `performance.now()` when they were started: the app takes only fresh ones. */
  startedAt: number;
  answers: Map<string, Promise<Answer>>;
}

const STARTED = Symbol.for('jamii.startedAnswers');
type WithStarted = typeof globalThis & { [STARTED]?: StartedAnswers };

/** Leaves the early script's answers for the app (a global: the two are separate scripts). */
export function publishStartedAnswers(started: StartedAnswers): void {
  (globalThis as WithStarted)[STARTED] = started;
}

/** The early script's answers, once: the first caller takes them. */
export function takeStartedAnswers(): StartedAnswers | null {
  const global = globalThis as WithStarted;
  const started = global[STARTED] ?? null;
  delete global[STARTED];
  return started;
}
