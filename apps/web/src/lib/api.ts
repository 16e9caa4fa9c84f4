import { NEXT_CURSOR_HEADER, TOKEN_STORAGE_KEY, type ApiErrorBody, type ErrorCode } from '@jamii/shared';
import {
  baseHeaders,
  earlyAnswers,
  freshEarlyAnswer,
  readBody,
  REQUEST_TIMEOUT_MS,
  startEarly,
  type Answer,
} from './api-answer';
import { localize, t } from './i18n';

/**
 * The server's codes (compare with `ErrorCode.X`), NETWORK offline, TIMEOUT when no answer came in
 * time, HTTP_<status> for a bodiless failure.
 */
export type ApiErrorCode = ErrorCode | 'NETWORK' | 'TIMEOUT' | `HTTP_${number}`;

/** An upload fails with TIMEOUT when no byte has moved for this long (a long upload that moves goes on). */
export const UPLOAD_STALL_MS = 45_000;

/** True for a failure where the server may not have been reached: the call can be sent again later. */
export function isConnectionError(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'NETWORK' || error.code === 'TIMEOUT');
}

/** A failed call: the server's `{ code, message, errors }`, or status 0 and code NETWORK offline. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly errors: Record<string, string> | undefined;

  constructor(status: number, code: ApiErrorCode, message: string, errors?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: ApiMethod;
  /** Sent as JSON, or as multipart when it is a FormData. */
  body?: unknown;
  signal?: AbortSignal;
  /** False for calls whose 401 means "wrong credentials" (login, refresh), not "token expired". */
  retryOnUnauthorized?: boolean;
  /**
   * The `Idempotency-Key` of a POST (README "Idempotency keys"): by default a fresh one per call,
   * which the call's own resend after a renewed session repeats; a form that retries a failed
   * submission passes the key of its first try, so the server runs it at most once.
   */
  idempotencyKey?: string;
  /** Milliseconds before the call fails with TIMEOUT (REQUEST_TIMEOUT_MS by default). */
  timeoutMs?: number;
}

/** A fresh idempotency key (randomUUID needs a secure context; plain http on a LAN has not one). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface ApiPage<T> {
  data: T[];
  nextCursor: string | null;
}

/**
 * Called after a 401 with the token the failed call carried (null if none). Resolves true when the
 * session was renewed and the call should be sent again, false when it cannot be; it rejects (for
 * instance with a NETWORK error) when renewal could not be tried, and the call fails with that error.
 */
export type UnauthorizedHandler = (failedToken: string | null) => Promise<boolean>;

let unauthorizedHandler: UnauthorizedHandler | null = null;
let pendingRenewal: Promise<boolean> | null = null;

/** The accounts feature installs its cookie refresh here (the specified states Session). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

export function getStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be blocked (private modes, strict settings); the cookie session still works.
    return null;
  }
}

export function getNextCursor(response: Response): string | null {
  return response.headers.get(NEXT_CURSOR_HEADER) || null;
}

/**
 * An upload's failure: the full-storage answer's own message (it names the quota and what to delete),
 * else the fallback the form gives for any other failure.
 */
export function storageFullOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code === 'STORAGE_QUOTA_EXCEEDED' ? error.message : fallback;
}

/** A short reason from a failure: the server's message, else the fallback (for answers without a body). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !error.code.startsWith('HTTP_')) return error.message;
  return fallback;
}

function buildInit(
  { method = 'GET', body, signal, idempotencyKey }: ApiRequestOptions,
  token: string | null,
): RequestInit {
  const headers = new Headers(baseHeaders(token));
  if (idempotencyKey) headers.set('Idempotency-Key', idempotencyKey);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  return { method, headers, body: payload, signal, credentials: 'include' };
}

/** The caller's signal (if any) joined with the call's own time limit. */
function withTimeout(signal: AbortSignal | undefined, timeout: AbortSignal): AbortSignal {
  if (!signal) return timeout;
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([signal, timeout]);
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort, { once: true });
  timeout.addEventListener('abort', abort, { once: true });
  return controller.signal;
}

const timedOut = () => new ApiError(0, 'TIMEOUT', t('error.timeout'));

/** Sends the call and reads its body, within the time limit: a slow network fails instead of hanging. */
async function send(
  path: string,
  options: ApiRequestOptions,
  token: string | null,
): Promise<{ response: Response; body: unknown }> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const init = { ...buildInit(options, token), signal: withTimeout(options.signal, timeout) };
  try {
    const response = await fetch(path, init);
    return { response, body: await readBody(response) };
  } catch (error) {
    // A cancelled call must stay an AbortError so TanStack Query treats it as cancelled, not failed.
    if (options.signal?.aborted) throw error;
    if (timeout.aborted) throw timedOut();
    throw new ApiError(0, 'NETWORK', t('error.network'));
  }
}

/** Several calls failing with 401 at once share one renewal. */
function renewSession(handler: UnauthorizedHandler, failedToken: string | null): Promise<boolean> {
  pendingRenewal ??= handler(failedToken).finally(() => {
    pendingRenewal = null;
  });
  return pendingRenewal;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorBody).code === 'string' &&
    typeof (value as ApiErrorBody).message === 'string'
  );
}

/** A failed answer as an ApiError, its messages in the member's language (the server writes English). */
function toApiError(status: number, body: unknown): ApiError {
  if (isErrorBody(body)) {
    const errors = body.errors
      ? Object.fromEntries(Object.entries(body.errors).map(([field, message]) => [field, localize(message)]))
      : undefined;
    return new ApiError(status, body.code, localize(body.message), errors);
  }
  return new ApiError(status, `HTTP_${status}`, t('error.generic'));
}

/**
 * Starts `GET path` now, for the screen's own call to take; answers its body (rejects on failure).
 * Early answers (this, and the page's early script, app/early-start.ts; lib/api-answer.ts keeps
 * them) are each handed to the first plain GET of the same path with the same token within 10 s.
 * Only a success is handed over: anything else (a 401 to renew, a failure) is asked for again by
 * that call, as if there had been no early answer.
 */
export function requestEarly(path: string): Promise<unknown> {
  const { answer } = startEarly(path, getStoredToken(), () => request(path, { retryOnUnauthorized: false }));
  return answer.then(({ response, body }) =>
    response.ok ? body : Promise.reject(toApiError(response.status, body)),
  );
}

/** Drops the early answers not taken yet, the early script's too (the web tests, between tests). */
export function forgetEarlyAnswers(): void {
  earlyAnswers().clear();
}

/** The early answer for this call, if one was started for it (taken once), else null. */
function takeEarlyAnswer(path: string, options: ApiRequestOptions): Promise<Answer | null> | null {
  if ((options.method ?? 'GET') !== 'GET' || options.body !== undefined) return null;
  const early = freshEarlyAnswer(path, getStoredToken());
  if (!early) return null;
  earlyAnswers().delete(path);
  return early.answer.then((answer) => (answer.response.ok ? answer : null)).catch(() => null);
}

async function request(path: string, callOptions: ApiRequestOptions): Promise<Answer> {
  const early = takeEarlyAnswer(path, callOptions);
  const earlyAnswer = early && (await early);
  if (earlyAnswer) return earlyAnswer;
  // One key for this call, repeated by its resend after a renewed session.
  const options =
    callOptions.method === 'POST' && !callOptions.idempotencyKey
      ? { ...callOptions, idempotencyKey: newIdempotencyKey() }
      : callOptions;
  const sentToken = getStoredToken();
  let answer = await send(path, options, sentToken);
  if (answer.response.status === 401 && unauthorizedHandler && options.retryOnUnauthorized !== false) {
    if (await renewSession(unauthorizedHandler, sentToken)) {
      answer = await send(path, options, getStoredToken());
    }
  }
  if (!answer.response.ok) throw toApiError(answer.response.status, answer.body);
  return answer;
}

/** Calls the API on the same origin and answers the parsed JSON body. */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { body } = await request(path, options);
  return body as T;
}

/** A keyset-paginated list (docs/design.md#api-conventions): the array plus the cursor of the next page, if any. */
export async function apiFetchPage<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiPage<T>> {
  const { response, body } = await request(path, options);
  return { data: (body ?? []) as T[], nextCursor: getNextCursor(response) };
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  body: FormData;
  /** Whole percent of the request body sent so far, 0 to 100 (the specified states Composer: progress 0 to 100). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** As for apiFetch: a POST gets a fresh key unless given one, and its resend repeats it. */
  idempotencyKey?: string;
  /** An upload fails with TIMEOUT after this long without progress (UPLOAD_STALL_MS by default). */
  stallMs?: number;
}

function sendWithProgress(
  path: string,
  { method = 'POST', body, onProgress, signal, idempotencyKey, stallMs = UPLOAD_STALL_MS }: UploadOptions,
  token: string | null,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (idempotencyKey) xhr.setRequestHeader('Idempotency-Key', idempotencyKey);

    // No byte moved for stallMs: the connection is gone without saying so; fail instead of hanging.
    let stalled = false;
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    const watchStall = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, stallMs);
    };

    let lastPercent = -1;
    const report = (percent: number) => {
      if (percent === lastPercent) return;
      lastPercent = percent;
      onProgress?.(percent);
    };
    xhr.upload.onprogress = (event) => {
      watchStall();
      if (event.lengthComputable && event.total > 0) {
        // 100 only once the server has answered: the last bytes sent are not yet the video saved.
        report(Math.min(99, Math.floor((event.loaded / event.total) * 100)));
      }
    };
    const handleAbort = () => xhr.abort();
    signal?.addEventListener('abort', handleAbort, { once: true });
    const settle = () => {
      clearTimeout(stallTimer);
      signal?.removeEventListener('abort', handleAbort);
    };
    xhr.onprogress = watchStall;

    xhr.onload = () => {
      settle();
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        parsed = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) report(100);
      resolve({ status: xhr.status, body: parsed });
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, 'NETWORK', t('error.network')));
    };
    xhr.onabort = () => {
      settle();
      reject(stalled ? timedOut() : new DOMException('The upload was cancelled', 'AbortError'));
    };
    onProgress?.(0);
    lastPercent = 0;
    watchStall();
    xhr.send(body);
  });
}

/**
 * A multipart upload that reports its progress (fetch cannot, docs/design.md#stack-and-why): XMLHttpRequest with the
 * same headers, token renewal and errors as apiFetch. Answers the parsed JSON body.
 */
export async function uploadWithProgress<T>(path: string, callOptions: UploadOptions): Promise<T> {
  const options =
    (callOptions.method ?? 'POST') === 'POST' && !callOptions.idempotencyKey
      ? { ...callOptions, idempotencyKey: newIdempotencyKey() }
      : callOptions;
  const sentToken = getStoredToken();
  let answer = await sendWithProgress(path, options, sentToken);
  if (answer.status === 401 && unauthorizedHandler) {
    if (await renewSession(unauthorizedHandler, sentToken)) {
      answer = await sendWithProgress(path, options, getStoredToken());
    }
  }
  if (answer.status < 200 || answer.status >= 300) throw toApiError(answer.status, answer.body);
  return answer.body as T;
}

/**
 * Downloads a file the API serves to the signed-in member (their data export): the bytes as a Blob,
 * with progress as they arrive (`received` of `total`, null when the server did not say). No time
 * limit: a large download on a slow connection is expected to take a while.
 */
export async function apiDownload(
  path: string,
  onProgress: (received: number, total: number | null) => void,
): Promise<Blob> {
  const open = (token: string | null) =>
    fetch(path, { headers: baseHeaders(token), credentials: 'include' }).catch(() => {
      throw new ApiError(0, 'NETWORK', t('error.network'));
    });
  const sentToken = getStoredToken();
  let response = await open(sentToken);
  if (response.status === 401 && unauthorizedHandler && (await renewSession(unauthorizedHandler, sentToken)))
    response = await open(getStoredToken());
  if (!response.ok) throw toApiError(response.status, await readBody(response));
  const total = Number(response.headers.get('Content-Length')) || null;
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  if (!response.body) return new Blob([await response.arrayBuffer()], { type });
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress(0, total);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(received, total);
    }
  } catch {
    throw new ApiError(0, 'NETWORK', t('error.network'));
  }
  return new Blob(chunks as BlobPart[], { type });
}
