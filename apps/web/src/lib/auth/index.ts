export { authStore, createAuthStore, REFRESH_LOCK_NAME } from './auth-store';
export type { AuthSnapshot, AuthState, AuthStatus, AuthStore, SessionCheck } from './auth-store';
export { installAuth } from './install';
export { redirectTarget, type LoginRedirectState } from './redirect';
export { USER_STORAGE_KEY } from './session-storage';
export { useAuth, type AuthActions } from './use-auth';
export { useLogout } from './use-logout';
