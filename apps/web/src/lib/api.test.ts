import { TOKEN_STORAGE_KEY } from '@jamii/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, apiFetchPage, errorMessage, setUnauthorizedHandler } from './api';
import { stubFetchForEachTest } from '../test/fetch-stub';

function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

function sentHeaders(call = 0): Headers {
  const init = fetchMock.mock.calls[call]?.[1];
  return new Headers(init?.headers);
}

const fetchMock = stubFetchForEachTest();

afterEach(() => {
  setUnauthorizedHandler(null);
});

describe('apiFetch', () => {
  it('calls the same origin with cookies and the X-Requested-With header, and parses JSON', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ contact_email: 'hello@jamii.co.ke' }));

    await expect(apiFetch('/api/site')).resolves.toEqual({ contact_email: 'hello@jamii.co.ke' });

    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/site');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('GET');
    expect(sentHeaders().get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('sends the stored token as a bearer header', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'abc.def.ghi');
    fetchMock.mockResolvedValue(jsonResponse({}));

    await apiFetch('/api/me');

    expect(sentHeaders().get('Authorization')).toBe('Bearer abc.def.ghi');
  });

  it('sends no Authorization header without a stored token', async () => {
    fetchMock.mockResolvedValue(jsonResponse({}));

    await apiFetch('/api/me');

    expect(sentHeaders().has('Authorization')).toBe(false);
  });

  it('sends a plain object as JSON and a FormData as it is', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}));
    const form = new FormData();
    form.set('content', 'Habari');

    await apiFetch('/api/bids/offer', { method: 'POST', body: { bid_id: 1, offer_price: 50 } });
    await apiFetch('/api/posts', { method: 'POST', body: form });

    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"bid_id":1,"offer_price":50}');
    expect(sentHeaders(0).get('Content-Type')).toBe('application/json');
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe(form);
    expect(sentHeaders(1).has('Content-Type')).toBe(false);
  });

  it('answers undefined for an empty body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(apiFetch('/api/notifications/3', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('maps an error body to an ApiError', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { code: 'VALIDATION', message: 'Invalid input', errors: { email: '*Invalid email address' } },
        { status: 400 },
      ),
    );

    const error = await apiFetch('/api/signup', { method: 'POST', body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: 'Invalid input',
      errors: { email: '*Invalid email address' },
    });
  });

  it('maps an answer without an error body to a generic ApiError', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    await expect(apiFetch('/api/posts')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: 'An error occurred',
    });
  });

  it('turns a network failure into an ApiError with status 0 and code NETWORK', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(apiFetch('/api/posts')).rejects.toMatchObject({
      name: 'ApiError',
      status: 0,
      code: 'NETWORK',
    });
  });

  /** A server that never answers: the call ends only when its signal aborts. */
  const hangs = (_path: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
    });

  it('fails with TIMEOUT instead of hanging when no answer comes in time', async () => {
    fetchMock.mockImplementation(hangs);

    await expect(apiFetch('/api/posts', { timeoutMs: 20 })).rejects.toMatchObject({
      name: 'ApiError',
      status: 0,
      code: 'TIMEOUT',
      message: 'The connection is too slow: no answer came in time. Check your data or Wi-Fi and try again.',
    });
  });

  it('keeps a call cancelled by its caller an AbortError, with a time limit running too', async () => {
    fetchMock.mockImplementation(hangs);
    const controller = new AbortController();
    const call = apiFetch('/api/posts', { signal: controller.signal });
    controller.abort();

    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('lets a cancelled call fail as an AbortError', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));

    await expect(apiFetch('/api/posts', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('on a 401 awaits the unauthorized handler once and retries when it renews the session', async () => {
    const handler = vi.fn(async () => {
      localStorage.setItem(TOKEN_STORAGE_KEY, 'fresh');
      return true;
    });
    setUnauthorizedHandler(handler);
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse({ code: 'UNAUTHORIZED', message: 'Not signed in' }, { status: 401 }),
      )
      .mockResolvedValueOnce(jsonResponse({ id: 7 }));

    await expect(apiFetch('/api/me')).resolves.toEqual({ id: 7 });

    expect(handler).toHaveBeenCalledTimes(1);
    expect(sentHeaders(1).get('Authorization')).toBe('Bearer fresh');
  });

  it('sends a fresh Idempotency-Key with each POST, the same one on its resend, and none on a GET', async () => {
    setUnauthorizedHandler(async () => true);
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse({ code: 'UNAUTHORIZED', message: 'Not signed in' }, { status: 401 }),
      )
      .mockImplementation(async () => jsonResponse({ id: 7 }));

    await apiFetch('/api/jobs', { method: 'POST', body: { title: 'Cook' } });
    await apiFetch('/api/jobs', { method: 'POST', body: { title: 'Cook' } });
    await apiFetch('/api/jobs', { method: 'POST', body: { title: 'Cook' }, idempotencyKey: 'form-try-1' });
    await apiFetch('/api/jobs');

    const first = sentHeaders(0).get('Idempotency-Key');
    expect(first).toMatch(/^[\x20-\x7e]{1,128}$/);
    expect(sentHeaders(1).get('Idempotency-Key')).toBe(first);
    expect(sentHeaders(2).get('Idempotency-Key')).not.toBe(first);
    expect(sentHeaders(3).get('Idempotency-Key')).toBe('form-try-1');
    expect(sentHeaders(4).has('Idempotency-Key')).toBe(false);
  });

  it('throws the 401 when the handler cannot renew the session, or when retrying is turned off', async () => {
    const handler = vi.fn(async () => false);
    setUnauthorizedHandler(handler);
    fetchMock.mockImplementation(async () =>
      jsonResponse({ code: 'UNAUTHORIZED', message: 'Not signed in' }, { status: 401 }),
    );

    await expect(apiFetch('/api/me')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    await expect(
      apiFetch('/api/login', { method: 'POST', retryOnUnauthorized: false }),
    ).rejects.toMatchObject({
      status: 401,
    });

    expect(handler).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('the unauthorized handler', () => {
  it('is given the token the failed call carried', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'expired.token');
    const handler = vi.fn(async () => false);
    setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 'UNAUTHORIZED', message: 'Not signed in' }, { status: 401 }),
    );

    await apiFetch('/api/me').catch(() => {});

    expect(handler).toHaveBeenCalledWith('expired.token');
  });

  it('fails the call with the error the handler throws (e.g. offline during the refresh)', async () => {
    setUnauthorizedHandler(async () => {
      throw new ApiError(0, 'NETWORK', 'offline');
    });
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 'UNAUTHORIZED', message: 'Not signed in' }, { status: 401 }),
    );

    await expect(apiFetch('/api/me')).rejects.toMatchObject({ code: 'NETWORK' });
  });
});

describe('errorMessage', () => {
  it("answers the server's message, else the fallback", () => {
    expect(errorMessage(new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid username or password'), 'x')).toBe(
      'Invalid username or password',
    );
    expect(errorMessage(new ApiError(502, 'HTTP_502', 'An error occurred'), 'Login failed')).toBe(
      'Login failed',
    );
    expect(errorMessage(new TypeError('boom'), 'Login failed')).toBe('Login failed');
  });
});

describe('apiFetchPage', () => {
  it('answers the list and the next cursor from the X-Next-Cursor header', async () => {
    fetchMock.mockResolvedValue(jsonResponse([{ id: 1 }], { headers: { 'X-Next-Cursor': 'c2' } }));

    await expect(apiFetchPage('/api/posts?limit=1')).resolves.toEqual({
      data: [{ id: 1 }],
      nextCursor: 'c2',
    });
  });

  it('answers a null cursor on the last page', async () => {
    fetchMock.mockResolvedValue(jsonResponse([]));

    await expect(apiFetchPage('/api/posts')).resolves.toEqual({ data: [], nextCursor: null });
  });
});
