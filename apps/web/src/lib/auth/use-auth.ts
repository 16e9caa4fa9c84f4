import { useSyncExternalStore } from 'react';
import { authStore, type AuthSnapshot, type AuthStore } from './auth-store';

export type AuthActions = Pick<AuthStore, 'login' | 'signup' | 'logout' | 'refreshUser' | 'setUser'>;

const actions: AuthActions = {
  login: authStore.login,
  signup: authStore.signup,
  logout: authStore.logout,
  refreshUser: authStore.refreshUser,
  setUser: authStore.setUser,
};

/** The auth state (the specified fields: isAuthenticated, user, status, error, plus the login check) and its actions. */
export function useAuth(): AuthSnapshot & AuthActions {
  const snapshot = useSyncExternalStore(authStore.subscribe, authStore.getSnapshot, authStore.getSnapshot);
  return { ...snapshot, ...actions };
}
