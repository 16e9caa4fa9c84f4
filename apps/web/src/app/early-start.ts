import { TOKEN_STORAGE_KEY } from '@jamii/shared';
import { getAnswer, startEarly } from '../lib/api-answer';
import { USER_STORAGE_KEY } from '../lib/auth/storage-keys';
import { startFeedCalls, startJobsCalls } from './early-calls';

/**
 * The early script of feed.html and jobs.html (apps/web/route-shells.ts), an entry of its own: it
 * runs as soon as it arrives, while the app's code is still downloading, and starts the screen's
 * first API calls (app/early-calls.ts), and on `/feed` the identity check the login guard waits for.
 * On Slow 4G the app's 175 kB take about a second to arrive; the answers arrive meanwhile, and the
 * app takes them (lib/api.ts) instead of asking then. What it cannot read (no stored session, blocked
 * storage) it leaves to the app. Answers the paths it asked for at once (the feed's posts, which wait
 * for the member's counts, come later).
 */
export function startEarlyCalls(url: URL, storage: Pick<Storage, 'getItem'>): string[] {
  const token = storage.getItem(TOKEN_STORAGE_KEY);
  const started: string[] = [];
  const start = (path: string) => {
    started.push(path);
    return startEarly(path, token, () => getAnswer(path, token)).answer.then(({ response, body }) =>
      response.ok ? body : Promise.reject(new Error(path)),
    );
  };
  if (url.pathname === '/feed') {
    const username = storedUsername(storage);
    if (!token || !username) return started;
    void start('/api/me').catch(() => undefined);
    startFeedCalls(start, url, username);
  } else if (url.pathname === '/jobs') {
    startJobsCalls(start, url);
  }
  return started;
}

function storedUsername(storage: Pick<Storage, 'getItem'>): string | undefined {
  try {
    const user = JSON.parse(storage.getItem(USER_STORAGE_KEY) ?? 'null') as { username?: unknown } | null;
    return typeof user?.username === 'string' ? user.username : undefined;
  } catch {
    return undefined;
  }
}

try {
  startEarlyCalls(new URL(window.location.href), window.localStorage);
} catch {
  // Blocked storage: the app starts these calls itself.
}
