import type { AuthAnswer, LoginInputValues, SignupAnswer, UserDto } from '@jamii/shared';
import { ApiError, apiFetch, errorMessage, getStoredToken } from '../api';
import { t } from '../i18n';
import { logError } from '../log';
import { clearStoredSession, readStoredSession, storeSession, storeUser } from './session-storage';

/** the specified states Auth status: idle, loading while a login or signup runs, then succeeded or failed. */
export type AuthStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/**
 * the specified states Login check. `unchecked` until a guarded page asks; `pending` while `/api/me` (and, on a
 * 401, the cookie refresh) runs; `allowed` or `denied`; `unreachable` when the server could not be
 * asked (offline, 5xx): the member is then offered a retry instead of being sent to /login.
 */
export type SessionCheck = 'unchecked' | 'pending' | 'allowed' | 'denied' | 'unreachable';

/** the specified fields Session: the auth state. */
export interface AuthState {
  isAuthenticated: boolean;
  user: UserDto | null;
  status: AuthStatus;
  error: string | null;
}

export interface AuthSnapshot extends AuthState {
  sessionCheck: SessionCheck;
}

export interface AuthStore {
  getSnapshot: () => AuthSnapshot;
  subscribe: (listener: () => void) => () => void;
  /** `POST /api/login`; stores the token and user, then re-fetches the user. Rejects with the ApiError. */
  login: (input: LoginInputValues) => Promise<UserDto>;
  /**
   * Takes a session another sign-in answered (an SMS code proved at POST /api/auth/phone/verify),
   * as a login does.
   */
  acceptLogin: (answer: AuthAnswer) => UserDto;
  /** `POST /api/signup` (multipart). Does not sign in (the specified API calls: no token stored). */
  signup: (form: FormData) => Promise<UserDto>;
  /** Ends the session here at once and asks the server to end it; a server failure is only logged. */
  logout: () => Promise<void>;
  /** The identity check of the login guard; concurrent calls share one request. */
  verifySession: () => Promise<SessionCheck>;
  /** `GET /api/me` into the store; failures are only logged. */
  refreshUser: () => Promise<UserDto | null>;
  /** A newer copy of the signed-in member (after a profile edit). Ignored for anyone else. */
  setUser: (user: UserDto) => void;
  /** Forgets the session in this tab without asking the server (it already ended it). */
  endSession: () => void;
  /** The api client's 401 handler: one cookie refresh, shared by every tab. */
  renewSession: (failedToken: string | null) => Promise<boolean>;
  /** Takes over what another tab wrote to storage (a login, logout, renewal or profile edit). */
  syncFromStorage: () => void;
  /** Starts over from storage (tests). */
  reset: () => void;
}

/** The cross-tab lock: two tabs presenting one refresh token would look like theft and end the session. */
export const REFRESH_LOCK_NAME = 'jamii-refresh';

/** Answers after which the session is certainly over; anything else (offline, 5xx, 429) may pass. */
const isDenial = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404);

function initialSnapshot(): AuthSnapshot {
  const { token, user } = readStoredSession();
  const isAuthenticated = Boolean(token && user);
  return {
    isAuthenticated,
    user: isAuthenticated ? user : null,
    status: 'idle',
    error: null,
    sessionCheck: 'unchecked',
  };
}

export function createAuthStore(): AuthStore {
  let snapshot = initialSnapshot();
  const listeners = new Set<() => void>();
  let pendingCheck: Promise<SessionCheck> | null = null;
  // Bumped whenever the session changes hands (login, logout, another tab), so an answer that
  // arrives afterwards for the previous session is dropped instead of signing someone back in.
  let generation = 0;

  function update(patch: Partial<AuthSnapshot>) {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  }

  function signedOut(): Partial<AuthSnapshot> {
    return { isAuthenticated: false, user: null, status: 'idle', error: null, sessionCheck: 'denied' };
  }

  function endSession() {
    generation++;
    pendingCheck = null;
    clearStoredSession();
    update(signedOut());
  }

  function acceptUser(user: UserDto, sessionGeneration: number): boolean {
    if (sessionGeneration !== generation || !snapshot.isAuthenticated || snapshot.user?.id !== user.id) {
      return false;
    }
    storeUser(user);
    update({ user });
    return true;
  }

  async function refreshUser(): Promise<UserDto | null> {
    const sessionGeneration = generation;
    try {
      const user = await apiFetch<UserDto>('/api/me');
      return acceptUser(user, sessionGeneration) ? user : null;
    } catch (error) {
      logError('re-fetching the signed-in member failed', error);
      return null;
    }
  }

  function verifySession(): Promise<SessionCheck> {
    pendingCheck ??= (async (): Promise<SessionCheck> => {
      const sessionGeneration = generation;
      update({ sessionCheck: 'pending' });
      try {
        const user = await apiFetch<UserDto>('/api/me');
        if (sessionGeneration !== generation) return snapshot.sessionCheck;
        storeUser(user);
        update({ isAuthenticated: true, user, sessionCheck: 'allowed' });
      } catch (error) {
        if (sessionGeneration !== generation) return snapshot.sessionCheck;
        if (isDenial(error)) endSession();
        else update({ sessionCheck: 'unreachable' });
      }
      return snapshot.sessionCheck;
    })().finally(() => {
      pendingCheck = null;
    });
    return pendingCheck;
  }

  function acceptLogin(answer: AuthAnswer): UserDto {
    generation++;
    pendingCheck = null;
    storeSession(answer.token, answer.user);
    update({
      isAuthenticated: true,
      user: answer.user,
      status: 'succeeded',
      error: null,
      sessionCheck: 'allowed',
    });
    void refreshUser();
    return answer.user;
  }

  async function login(input: LoginInputValues): Promise<UserDto> {
    update({ status: 'loading', error: null });
    try {
      const answer = await apiFetch<AuthAnswer>('/api/login', {
        method: 'POST',
        body: input,
        retryOnUnauthorized: false,
      });
      return acceptLogin(answer);
    } catch (error) {
      update({ status: 'failed', error: errorMessage(error, t('auth.login.failed')) });
      throw error;
    }
  }

  async function signup(form: FormData): Promise<UserDto> {
    update({ status: 'loading', error: null });
    try {
      const { user } = await apiFetch<SignupAnswer>('/api/signup', {
        method: 'POST',
        body: form,
        retryOnUnauthorized: false,
      });
      update({ status: 'succeeded', error: null });
      return user;
    } catch (error) {
      update({ status: 'failed', error: errorMessage(error, t('error.generic')) });
      throw error;
    }
  }

  async function logout(): Promise<void> {
    // The call is on its way (it needs only the cookie) before the local session goes.
    const request = apiFetch<void>('/api/logout', { method: 'POST', retryOnUnauthorized: false });
    endSession();
    try {
      await request;
    } catch (error) {
      logError('logout failed', error);
    }
  }

  async function refreshOnce(failedToken: string | null): Promise<boolean> {
    const current = getStoredToken();
    // Another tab (or call) renewed the session while this call was out: its token is good.
    if (current && current !== failedToken) return true;
    const sessionGeneration = generation;
    try {
      const answer = await apiFetch<AuthAnswer>('/api/refresh', {
        method: 'POST',
        retryOnUnauthorized: false,
      });
      if (sessionGeneration !== generation) return false;
      storeSession(answer.token, answer.user);
      update({ isAuthenticated: true, user: answer.user });
      return true;
    } catch (error) {
      if (!isDenial(error)) throw error;
      if (sessionGeneration === generation) endSession();
      return false;
    }
  }

  function renewSession(failedToken: string | null): Promise<boolean> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) return refreshOnce(failedToken);
    return locks.request(REFRESH_LOCK_NAME, () => refreshOnce(failedToken));
  }

  function setUser(user: UserDto) {
    acceptUser(user, generation);
  }

  function syncFromStorage() {
    const { token, user } = readStoredSession();
    if (!token || !user) {
      if (snapshot.isAuthenticated) {
        generation++;
        pendingCheck = null;
        update(signedOut());
      }
      return;
    }
    if (!snapshot.isAuthenticated || snapshot.user?.id !== user.id) {
      generation++;
      pendingCheck = null;
      update({ isAuthenticated: true, user, status: 'idle', error: null, sessionCheck: 'unchecked' });
    } else {
      update({ user });
    }
  }

  function reset() {
    generation++;
    pendingCheck = null;
    snapshot = initialSnapshot();
    for (const listener of listeners) listener();
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    login,
    acceptLogin,
    signup,
    logout,
    verifySession,
    refreshUser,
    setUser,
    endSession,
    renewSession,
    syncFromStorage,
    reset,
  };
}

/** The one store of the app. */
export const authStore = createAuthStore();
