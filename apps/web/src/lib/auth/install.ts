import { TOKEN_STORAGE_KEY } from '@jamii/shared';
import { setUnauthorizedHandler } from '../api';
import { authStore, type AuthStore } from './auth-store';
import { USER_STORAGE_KEY } from './session-storage';

/**
 * Wires the store to the api client (one cookie refresh after a 401, the specified states) and to the other tabs
 * (a logout or login there shows here too). Called once at start-up; answers the undo.
 */
export function installAuth(store: AuthStore = authStore): () => void {
  setUnauthorizedHandler(store.renewSession);
  function handleStorage(event: StorageEvent) {
    // A null key means the whole storage was cleared.
    if (event.key === null || event.key === TOKEN_STORAGE_KEY || event.key === USER_STORAGE_KEY) {
      store.syncFromStorage();
    }
  }
  window.addEventListener('storage', handleStorage);
  return () => {
    setUnauthorizedHandler(null);
    window.removeEventListener('storage', handleStorage);
  };
}
