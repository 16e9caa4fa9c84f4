import { NEXT_CURSOR_HEADER, TOKEN_STORAGE_KEY, type ApiErrorBody } from '@jamii/shared';
import { t } from './i18n';

/** A failed call: the server's `{ code, message, errors }`, or status 0 and code NETWORK offline. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly errors: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, errors?: Record<string, string>) {
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
}

export interface ApiPage<T> {
  data: T[];
  nextCursor: string | null;
}

/** Resolves true when the session was renewed and the failed call should be sent again. */
export type UnauthorizedHandler = () => Promise<boolean>;

let unauthorizedHandler: UnauthorizedHandler | null = null;
let pendingRenewal: Promise<boolean> | null = null;

/** The accounts feature installs its cookie refresh here (SPEC §4 Session). */
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

function buildInit({ method = 'GET', body, signal }: ApiRequestOptions): RequestInit {
  const headers = new Headers({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
  const token = getStoredToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  return { method, headers, body: payload, signal, credentials: 'include' };
}

async function send(path: string, options: ApiRequestOptions): Promise<Response> {
  try {
    return await fetch(path, buildInit(options));
  } catch (error) {
    // A cancelled call must stay an AbortError so TanStack Query treats it as cancelled, not failed.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK', t('error.network'));
  }
}

/** Several calls failing with 401 at once share one renewal. */
function renewSession(handler: UnauthorizedHandler): Promise<boolean> {
  pendingRenewal ??= handler()
    .catch(() => false)
    .finally(() => {
      pendingRenewal = null;
    });
  return pendingRenewal;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorBody).code === 'string' &&
    typeof (value as ApiErrorBody).message === 'string'
  );
}

function toApiError(status: number, body: unknown): ApiError {
  if (isErrorBody(body)) return new ApiError(status, body.code, body.message, body.errors);
  return new ApiError(status, `HTTP_${status}`, t('error.generic'));
}

async function request(
  path: string,
  options: ApiRequestOptions,
): Promise<{ response: Response; body: unknown }> {
  let response = await send(path, options);
  if (response.status === 401 && unauthorizedHandler && options.retryOnUnauthorized !== false) {
    if (await renewSession(unauthorizedHandler)) response = await send(path, options);
  }
  const body = await readBody(response);
  if (!response.ok) throw toApiError(response.status, body);
  return { response, body };
}

/** Calls the API on the same origin and answers the parsed JSON body. */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { body } = await request(path, options);
  return body as T;
}

/** A keyset-paginated list (DESIGN §4): the array plus the cursor of the next page, if any. */
export async function apiFetchPage<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiPage<T>> {
  const { response, body } = await request(path, options);
  return { data: (body ?? []) as T[], nextCursor: getNextCursor(response) };
}
