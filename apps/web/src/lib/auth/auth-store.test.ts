import { TOKEN_STORAGE_KEY } from '@jamii/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, fakeFetch, jsonResponse, makeUser, storeSignedIn } from '../../test/auth';
import { authStore, type AuthStatus } from './auth-store';
import { USER_STORAGE_KEY } from './session-storage';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const fetchMock = stubFetchForEachTest({ withAuth: true });

afterEach(() => {
  vi.restoreAllMocks();
});

/** The statuses the store goes through, in order, from now on. */
function recordStatuses(): AuthStatus[] {
  const seen: AuthStatus[] = [authStore.getSnapshot().status];
  authStore.subscribe(() => {
    const { status } = authStore.getSnapshot();
    if (seen.at(-1) !== status) seen.push(status);
  });
  return seen;
}

const storedUser = () => JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null') as unknown;

describe('auth store', () => {
  it('starts signed out and idle without a stored session', () => {
    expect(authStore.getSnapshot()).toEqual({
      isAuthenticated: false,
      user: null,
      status: 'idle',
      error: null,
      sessionCheck: 'unchecked',
    });
  });

  it('starts from the stored user and token (the specified states Session)', () => {
    const user = makeUser();
    storeSignedIn(user);

    expect(authStore.getSnapshot()).toMatchObject({ isAuthenticated: true, user, status: 'idle' });
  });

  it('login goes idle → loading → succeeded, stores the token and user, then re-fetches the user', async () => {
    const user = makeUser();
    const fresh = { ...user, bio: 'Updated elsewhere' };
    fetchMock.mockImplementation(
      fakeFetch({
        'POST /api/login': jsonResponse({ token: 'access.1', user }),
        'GET /api/me': jsonResponse(fresh),
      }),
    );
    const statuses = recordStatuses();

    await expect(
      authStore.login({ username: '@wanjiku_k', password: 'Karibu-Jamii-2025!', rememberMe: true }),
    ).resolves.toEqual(user);

    expect(statuses).toEqual(['idle', 'loading', 'succeeded']);
    expect(authStore.getSnapshot()).toMatchObject({ isAuthenticated: true, error: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('access.1');
    const [, loginInit] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(loginInit?.body))).toEqual({
      username: '@wanjiku_k',
      password: 'Karibu-Jamii-2025!',
      rememberMe: true,
    });
    await vi.waitFor(() => expect(authStore.getSnapshot().user).toEqual(fresh));
    expect(storedUser()).toEqual(fresh);
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('Authorization')).toBe('Bearer access.1');
  });

  it('login goes idle → loading → failed with the server message, and stores nothing', async () => {
    fetchMock.mockResolvedValue(errorResponse(401, 'INVALID_CREDENTIALS', 'Invalid username or password'));
    const statuses = recordStatuses();

    await expect(
      authStore.login({ username: '@wanjiku_k', password: 'wrong-password', rememberMe: false }),
    ).rejects.toMatchObject({ status: 401 });

    expect(statuses).toEqual(['idle', 'loading', 'failed']);
    expect(authStore.getSnapshot()).toMatchObject({
      isAuthenticated: false,
      user: null,
      error: 'Invalid username or password',
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    // A wrong password is not an expired session: no refresh is tried.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stores "Login failed" when the failure carries no server message', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    await authStore
      .login({ username: '@wanjiku_k', password: 'Karibu-Jamii-2025!', rememberMe: false })
      .catch(() => {});

    expect(authStore.getSnapshot()).toMatchObject({ status: 'failed', error: 'Login failed' });
  });

  it('signup goes loading → succeeded without signing in (no token stored)', async () => {
    const user = makeUser();
    fetchMock.mockResolvedValue(jsonResponse({ user }, 201));
    const statuses = recordStatuses();

    await expect(authStore.signup(new FormData())).resolves.toEqual(user);

    expect(statuses).toEqual(['idle', 'loading', 'succeeded']);
    expect(authStore.getSnapshot()).toMatchObject({ isAuthenticated: false, user: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('signup goes loading → failed with the server message', async () => {
    fetchMock.mockResolvedValue(
      errorResponse(409, 'USERNAME_TAKEN', 'That username is already taken', 'username'),
    );

    await expect(authStore.signup(new FormData())).rejects.toMatchObject({ code: 'USERNAME_TAKEN' });

    expect(authStore.getSnapshot()).toMatchObject({
      status: 'failed',
      error: 'That username is already taken',
    });
  });

  it('logout calls POST /api/logout and clears the user and token', async () => {
    storeSignedIn(makeUser());
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await authStore.logout();

    expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST' }));
    expect(authStore.getSnapshot()).toMatchObject({ isAuthenticated: false, user: null, status: 'idle' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('logs out locally even when the logout call fails, and only logs that failure', async () => {
    storeSignedIn(makeUser());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(authStore.logout()).resolves.toBeUndefined();

    expect(authStore.getSnapshot().isAuthenticated).toBe(false);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(warn).toHaveBeenCalledWith('[jamii] logout failed', expect.anything());
  });

  it('follows a logout and a login made in another tab', () => {
    const user = makeUser();
    storeSignedIn(user);

    localStorage.removeItem(TOKEN_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY }));
    expect(authStore.getSnapshot()).toMatchObject({ isAuthenticated: false, sessionCheck: 'denied' });

    const other = makeUser({ username: '@otieno_dev', name: 'Brian Otieno' });
    localStorage.setItem(TOKEN_STORAGE_KEY, 'other.tab');
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(other));
    window.dispatchEvent(new StorageEvent('storage', { key: USER_STORAGE_KEY }));
    // A session that changed hands is checked again before a guarded page shows.
    expect(authStore.getSnapshot()).toMatchObject({
      isAuthenticated: true,
      user: other,
      sessionCheck: 'unchecked',
    });
  });
});

describe('login check (verifySession)', () => {
  it('is allowed when /api/me answers, and takes the fresh user', async () => {
    const user = makeUser();
    storeSignedIn(user);
    const fresh = { ...user, name: 'Wanjiku K. Kamau' };
    fetchMock.mockImplementation(fakeFetch({ 'GET /api/me': jsonResponse(fresh) }));

    await expect(authStore.verifySession()).resolves.toBe('allowed');

    expect(authStore.getSnapshot()).toMatchObject({ isAuthenticated: true, user: fresh });
    expect(storedUser()).toEqual(fresh);
  });

  it('is denied, and the stored session removed, when /api/me and the refresh both answer 401', async () => {
    storeSignedIn(makeUser());
    fetchMock.mockImplementation(
      fakeFetch({
        'GET /api/me': errorResponse(401, 'UNAUTHORIZED', 'Please log in to continue'),
        'POST /api/refresh': errorResponse(401, 'UNAUTHORIZED', 'Your session has ended.'),
      }),
    );

    await expect(authStore.verifySession()).resolves.toBe('denied');

    expect(authStore.getSnapshot()).toMatchObject({ isAuthenticated: false, user: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('is unreachable offline, keeping the stored session for a retry', async () => {
    const user = makeUser();
    storeSignedIn(user);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(authStore.verifySession()).resolves.toBe('unreachable');

    expect(authStore.getSnapshot()).toMatchObject({ isAuthenticated: true, user });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('stored.token');
  });

  it('shares one request between guards asking at once', async () => {
    storeSignedIn(makeUser());
    fetchMock.mockImplementation(fakeFetch({ 'GET /api/me': jsonResponse(makeUser()) }));

    await Promise.all([authStore.verifySession(), authStore.verifySession()]);

    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
