import { TOKEN_STORAGE_KEY, type UserDto } from '@jamii/shared';
import { getStoredToken } from '../api';
import { USER_STORAGE_KEY } from './storage-keys';

export { USER_STORAGE_KEY };

export interface StoredSession {
  token: string | null;
  user: UserDto | null;
}

function isUserDto(value: unknown): value is UserDto {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Partial<UserDto>;
  return typeof user.id === 'number' && typeof user.username === 'string' && typeof user.name === 'string';
}

function readStoredUser(): UserDto | null {
  try {
    const raw = localStorage.getItem(USER_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isUserDto(parsed) ? parsed : null;
  } catch {
    // Blocked storage, or a value written by something else: start signed out.
    return null;
  }
}

export function readStoredSession(): StoredSession {
  return { token: getStoredToken(), user: readStoredUser() };
}

// Writes can fail (storage blocked or full); the session then lives only as long as the page.
function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* see above */
  }
}

export function storeSession(token: string, user: UserDto): void {
  write(TOKEN_STORAGE_KEY, token);
  write(USER_STORAGE_KEY, JSON.stringify(user));
}

export function storeUser(user: UserDto): void {
  write(USER_STORAGE_KEY, JSON.stringify(user));
}

export function clearStoredSession(): void {
  write(TOKEN_STORAGE_KEY, null);
  write(USER_STORAGE_KEY, null);
}
