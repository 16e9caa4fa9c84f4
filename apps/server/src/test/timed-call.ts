/** One answer of a real server process, with how long it took. */
export interface TimedAnswer {
  status: number;
  ms: number;
  body: unknown;
  retryAfter: string | null;
}

/** fetch's options for a call to the API: `body` (if any) as JSON, `token` (if any) as a bearer. */
export function jsonRequest(method: string, body?: unknown, token?: string): RequestInit {
  return {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

/**
 * `call(base, method, url, body?, token?)` against a server process, for the outage tests: it gives
 * up after `timeoutMs`, long after the server should have answered, so a hang fails the test rather
 * than CI.
 */
export function timedCaller(timeoutMs: number) {
  return async function call(
    base: string,
    method: string,
    url: string,
    body?: unknown,
    token?: string,
  ): Promise<TimedAnswer> {
    const started = Date.now();
    const res = await fetch(`${base}${url}`, {
      ...jsonRequest(method, body, token),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return {
      status: res.status,
      ms: Date.now() - started,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      retryAfter: res.headers.get('retry-after'),
    };
  };
}
