import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../paths';
import { authStore } from './auth-store';

/**
 * Logs out and goes to /login. The page changes first, so the guard of the page being left does not
 * also redirect (it would remember that page as the one to come back to).
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await navigate(paths.login, { replace: true });
    } finally {
      await authStore.logout();
    }
  }, [navigate]);
}
