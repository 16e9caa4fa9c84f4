import type { UserDto } from '@jamii/shared';
import { apiFetch } from '../api';
import { authStore } from '../auth';
import { currentLanguage, loadLanguage } from './index';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';

/** The device remembers the last language chosen, for the visits before (and after) a login. */
export const LANGUAGE_STORAGE_KEY = 'jamii.language';

function storedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

function remember(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // A private window may refuse storage; the account still keeps the choice.
  }
}

/** The browser's first language we speak: Kiswahili for `sw`, `sw-KE`…, English for `en…`. */
export function browserLanguage(tags: readonly string[] = navigator.languages ?? [navigator.language]): Language {
  for (const tag of tags) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** What to show first: the member's account, else this device's last choice, else the browser's. */
export function preferredLanguage(): Language {
  return authStore.getSnapshot().user?.language ?? storedLanguage() ?? browserLanguage();
}

/**
 * Switches the interface now and keeps the choice: on the device, and on the account of a signed-in
 * member (so their notifications and emails follow, and their other devices too).
 */
export async function chooseLanguage(language: Language): Promise<void> {
  remember(language);
  await loadLanguage(language);
  const user = authStore.getSnapshot().user;
  if (user && user.language !== language) {
    const updated = await apiFetch<UserDto>(`/api/users/${user.id}`, { method: 'PUT', body: { language } });
    authStore.setUser(updated);
  }
}

/** After a login (or a change made on another device), the account's language wins. */
export function installLanguageSync(): () => void {
  return authStore.subscribe(() => {
    const language = authStore.getSnapshot().user?.language;
    if (language && language !== currentLanguage()) {
      remember(language);
      void loadLanguage(language);
    }
  });
}
