import { TOKEN_STORAGE_KEY } from '@jamii/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, installFakeXhr, lastXhr } from '../test/fake-xhr';
import { setUnauthorizedHandler, uploadWithProgress } from './api';

beforeEach(() => {
  installFakeXhr();
});

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

function picture(): FormData {
  const form = new FormData();
  form.set('content', 'Habari');
  return form;
}

describe('uploadWithProgress', () => {
  it('sends the form with the token, cookies and X-Requested-With, reports progress and parses JSON', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'access.1');
    const seen: number[] = [];
    const answer = uploadWithProgress<{ id: number }>('/api/posts', {
      body: picture(),
      onProgress: (percent) => seen.push(percent),
    });
    const xhr = lastXhr();

    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/posts');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers).toMatchObject({
      Authorization: 'Bearer access.1',
      'X-Requested-With': 'XMLHttpRequest',
    });
    expect(xhr.form.get('content')).toBe('Habari');

    xhr.progress(25, 100);
    xhr.progress(512, 1024);
    xhr.progress(1024, 1024);
    // All bytes sent is not yet saved: 100 comes with the answer.
    expect(seen).toEqual([0, 25, 50, 99]);
    xhr.respond(201, { id: 9 });

    await expect(answer).resolves.toEqual({ id: 9 });
    expect(seen).toEqual([0, 25, 50, 99, 100]);
  });

  it('fails with the server error body', async () => {
    const answer = uploadWithProgress('/api/posts', { body: picture() });
    lastXhr().respond(413, { code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large' });

    await expect(answer).rejects.toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('fails with NETWORK when the connection drops', async () => {
    const answer = uploadWithProgress('/api/posts', { body: picture() });
    lastXhr().fail();

    await expect(answer).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('renews the session once after a 401 and sends again with the new token', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'expired');
    setUnauthorizedHandler(async () => {
      localStorage.setItem(TOKEN_STORAGE_KEY, 'fresh');
      return true;
    });
    const answer = uploadWithProgress<{ id: number }>('/api/posts', { body: picture() });
    lastXhr().respond(401, { code: 'UNAUTHORIZED', message: 'Please log in' });
    await vi.waitFor(() => expect(FakeXhr.requests).toHaveLength(2));

    expect(lastXhr().headers.Authorization).toBe('Bearer fresh');
    lastXhr().respond(201, { id: 3 });
    await expect(answer).resolves.toEqual({ id: 3 });
  });

  it('sends an Idempotency-Key with a POST, the same on its resend after a renewed session', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'expired');
    setUnauthorizedHandler(async () => true);
    const answer = uploadWithProgress('/api/posts', { body: picture() });
    const key = lastXhr().headers['Idempotency-Key'];
    lastXhr().respond(401, { code: 'UNAUTHORIZED', message: 'Please log in' });
    await vi.waitFor(() => expect(FakeXhr.requests).toHaveLength(2));

    expect(key).toMatch(/\S{16,}/);
    expect(lastXhr().headers['Idempotency-Key']).toBe(key);
    lastXhr().respond(201, {});
    await answer;

    void uploadWithProgress('/api/user/1/profile-pic', { method: 'PUT', body: picture() });
    expect(lastXhr().headers['Idempotency-Key']).toBeUndefined();
  });

  it('fails with TIMEOUT when nothing has moved for a while, and not while bytes move', async () => {
    vi.useFakeTimers();
    try {
      const moving = uploadWithProgress('/api/posts', { body: picture(), stallMs: 1000 });
      vi.advanceTimersByTime(900);
      lastXhr().progress(10, 100);
      vi.advanceTimersByTime(900);
      lastXhr().respond(201, { id: 1 });
      await expect(moving).resolves.toEqual({ id: 1 });

      const stalled = uploadWithProgress('/api/posts', { body: picture(), stallMs: 1000 });
      vi.advanceTimersByTime(1000);
      await expect(stalled).rejects.toMatchObject({ status: 0, code: 'TIMEOUT' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('is cancelled by its signal', async () => {
    const controller = new AbortController();
    const answer = uploadWithProgress('/api/posts', { body: picture(), signal: controller.signal });
    controller.abort();

    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
  });
});
