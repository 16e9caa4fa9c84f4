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
  // And for the server, which answers `/` with the landing page already in this language.
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=31536000; SameSite=Lax`;
}

/** The browser's first language we speak: Kiswahili for `sw`, `sw-KE`…, English for `en…`. */
export function browserLanguage(
  tags: readonly string[] = navigator.languages ?? [navigator.language],
): Language {
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

/** A choice made while signed out, to be carried into the account at the next login. */
export const PENDING_STORAGE_KEY = 'jamii.language.pending';

/** The choice still waiting for a login, left in place (the login sends it; the sync below clears it). */
export function pendingLanguage(): Language | null {
  try {
    const pending = localStorage.getItem(PENDING_STORAGE_KEY);
    return isLanguage(pending) ? pending : null;
  } catch {
    return null;
  }
}

function readPending(): Language | null {
  const pending = pendingLanguage();
  try {
    localStorage.removeItem(PENDING_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
  return pending;
}

async function saveOnAccount(language: Language): Promise<void> {
  const user = authStore.getSnapshot().user;
  if (!user || user.language === language) return;
  const updated = await apiFetch<UserDto>(`/api/users/${user.id}`, { method: 'PUT', body: { language } });
  authStore.setUser(updated);
}

/**
 * Switches the interface now and keeps the choice: on the device, and on the account of a signed-in
 * member (so their notifications and emails follow, and their other devices too). A visitor's choice
 * reaches the account when they log in on this device.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  remember(language);
  // The account first: the screens' redraw refetches what the server writes in the member's
  // language (notifications), and must find the new one. A failure there still switches the screens.
  let failure: unknown = null;
  if (authStore.getSnapshot().user) {
    try {
      await saveOnAccount(language);
    } catch (error) {
      failure = error;
    }
  } else {
    try {
      localStorage.setItem(PENDING_STORAGE_KEY, language);
    } catch {
      // Without storage the choice stays on this screen only.
    }
  }
  await loadLanguage(language);
  if (failure) throw failure;
}

/**
 * At a login, the language just chosen on this device (signed out) goes to the account; otherwise
 * the account's language wins, as it does after a change made on another device.
 */
export function installLanguageSync(): () => void {
  let signedInAs = authStore.getSnapshot().user?.id;
  // While the device's choice travels to the account, the account's older language must not win.
  let carrying = false;
  return authStore.subscribe(() => {
    const user = authStore.getSnapshot().user;
    const isNewLogin = user !== null && user !== undefined && user.id !== signedInAs;
    signedInAs = user?.id;
    if (!user) return;
    const pending = isNewLogin ? readPending() : null;
    if (pending && pending !== user.language) {
      carrying = true;
      void saveOnAccount(pending)
        .catch(() => undefined)
        .finally(() => {
          carrying = false;
        });
      return;
    }
    if (!carrying && user.language && user.language !== currentLanguage()) {
      remember(user.language);
      void loadLanguage(user.language);
    }
  });
}
