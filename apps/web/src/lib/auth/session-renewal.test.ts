import { TOKEN_STORAGE_KEY } from '@jamii/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../api';
import { errorResponse, jsonResponse, makeUser } from '../../test/auth';
import { authStore, REFRESH_LOCK_NAME } from './auth-store';
import { USER_STORAGE_KEY } from './session-storage';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const unauthorized = () => errorResponse(401, 'UNAUTHORIZED', 'Please log in to continue');
const bearerOf = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get('Authorization');
const pathOf = (call: number) =>
  `${fetchMock.mock.calls[call]?.[1]?.method} ${fetchMock.mock.calls[call]?.[0]}`;

const fetchMock = stubFetchForEachTest({ withAuth: true, signedIn: makeUser({ id: 7 }), token: 'old.token' });

describe('session renewal (the specified states: 401 → one cookie refresh → retry, else logout)', () => {
  it('refreshes once on a 401, stores the new token and user, and retries the call with it', async () => {
    const renewed = makeUser({ id: 7, name: 'Wanjiku Kamau' });
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(jsonResponse({ token: 'new.token', user: renewed }))
      .mockResolvedValueOnce(jsonResponse([{ id: 1 }]));

    await expect(apiFetch('/api/posts')).resolves.toEqual([{ id: 1 }]);

    expect(pathOf(0)).toBe('GET /api/posts');
    expect(pathOf(1)).toBe('POST /api/refresh');
    expect(fetchMock.mock.calls[1]?.[1]?.credentials).toBe('include');
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(pathOf(2)).toBe('GET /api/posts');
    expect(bearerOf(0)).toBe('Bearer old.token');
    expect(bearerOf(2)).toBe('Bearer new.token');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new.token');
    expect(authStore.getSnapshot()).toMatchObject({ isAuthenticated: true, user: renewed });
  });

  it('logs out (token and user removed) when the refresh fails, and the call fails with the 401', async () => {
    fetchMock.mockResolvedValueOnce(unauthorized()).mockResolvedValueOnce(unauthorized());

    await expect(apiFetch('/api/posts')).rejects.toMatchObject({ status: 401 });

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(authStore.getSnapshot()).toMatchObject({
      isAuthenticated: false,
      user: null,
      sessionCheck: 'denied',
    });
  });

  it('does not retry a call again when it is refused after the refresh', async () => {
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(jsonResponse({ token: 'new.token', user: makeUser({ id: 7 }) }))
      .mockResolvedValueOnce(unauthorized());

    await expect(apiFetch('/api/posts')).rejects.toMatchObject({ status: 401 });

    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('keeps the session when the refresh cannot reach the server; the call fails as offline', async () => {
    fetchMock.mockResolvedValueOnce(unauthorized()).mockRejectedValueOnce(new TypeError('Failed to fetch'));

    await expect(apiFetch('/api/posts')).rejects.toMatchObject({ code: 'NETWORK' });

    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('old.token');
    expect(authStore.getSnapshot().isAuthenticated).toBe(true);
  });

  it('shares one refresh between calls that fail together', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (input === '/api/refresh') return jsonResponse({ token: 'new.token', user: makeUser({ id: 7 }) });
      const auth = new Headers(init?.headers).get('Authorization');
      return auth === 'Bearer new.token' ? jsonResponse({ ok: true }) : unauthorized();
    });

    await Promise.all([apiFetch('/api/posts'), apiFetch('/api/jobs'), apiFetch('/api/bids')]);

    expect(fetchMock.mock.calls.filter(([input]) => input === '/api/refresh')).toHaveLength(1);
  });

  describe('across tabs', () => {
    let lockNames: string[];

    beforeEach(() => {
      lockNames = [];
      // One lock holder at a time, like the Web Locks API.
      let queue = Promise.resolve();
      const locks = {
        request: (name: string, callback: () => Promise<unknown>) => {
          lockNames.push(name);
          const run = queue.then(callback);
          queue = run.then(
            () => undefined,
            () => undefined,
          );
          return run;
        },
      };
      vi.stubGlobal('navigator', { ...navigator, locks });
    });

    it('refreshes inside the jamii-refresh lock', async () => {
      fetchMock
        .mockResolvedValueOnce(unauthorized())
        .mockResolvedValueOnce(jsonResponse({ token: 'new.token', user: makeUser({ id: 7 }) }))
        .mockResolvedValueOnce(jsonResponse({ ok: true }));

      await apiFetch('/api/me');

      expect(lockNames).toEqual([REFRESH_LOCK_NAME]);
      expect(REFRESH_LOCK_NAME).toBe('jamii-refresh');
    });

    it('reuses the token another tab stored meanwhile instead of presenting the refresh cookie again', async () => {
      fetchMock
        .mockImplementationOnce(async () => {
          // While this call is out, another tab renews the session and stores its token.
          localStorage.setItem(TOKEN_STORAGE_KEY, 'other.tab.token');
          return unauthorized();
        })
        .mockResolvedValueOnce(jsonResponse({ ok: true }));

      await expect(apiFetch('/api/me')).resolves.toEqual({ ok: true });

      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(fetchMock.mock.calls.some(([input]) => input === '/api/refresh')).toBe(false);
      expect(bearerOf(1)).toBe('Bearer other.tab.token');
    });
  });
});
