import { useSyncExternalStore } from 'react';
import { currentLocale } from './i18n';

/**
 * The data saver (docs/features/kiswahili.md): pictures wait for a tap, videos fetch nothing before play and never
 * start on their own, and the live connection rests while the tab is hidden. A setting of this
 * device (local storage), not of the account: the same member may be on Wi-Fi at the office and on
 * bundles at home. Without a choice of the member's own it follows the browser: on when the browser
 * asks to save data (`Save-Data`) or reports a slow connection.
 */

export const DATA_SAVER_STORAGE_KEY = 'dataSaver';

/** What Chrome on Android tells about the connection (the Network Information API); absent elsewhere. */
export interface ConnectionHint {
  saveData?: boolean;
  effectiveType?: string;
  type?: string;
}

type ObservableConnection = ConnectionHint & Partial<Pick<EventTarget, 'addEventListener'>>;

export function readConnection(): ObservableConnection | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { connection?: ObservableConnection }).connection;
}

/** Connections on which a page of pictures costs real time and money. */
const SLOW_CONNECTIONS = new Set(['slow-2g', '2g', '3g']);

/**
 * Whether a device without a choice of its own starts with the data saver on: the browser sends
 * `Save-Data` (told by the server, or by `navigator.connection.saveData`) or says the connection is
 * 3G or slower.
 */
export function defaultDataSaver(
  connection: ConnectionHint | undefined,
  serverSawSaveData: boolean,
): boolean {
  return Boolean(
    serverSawSaveData || connection?.saveData || SLOW_CONNECTIONS.has(connection?.effectiveType ?? ''),
  );
}

/**
 * Whether the server saw `Save-Data: on` on this page's request: it echoes the header as a
 * `Server-Timing` entry named `save-data` (apps/server/src/platform/web-app.ts), which a page can
 * read where it cannot read its own request headers.
 */
export function serverSawSaveData(): boolean {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return false;
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.serverTiming?.some((entry) => entry.name === 'save-data') ?? false;
}

/** The member's own choice on this device: true, false, or null when they never chose. */
export function storedDataSaver(): boolean | null {
  try {
    const value = localStorage.getItem(DATA_SAVER_STORAGE_KEY);
    return value === 'on' ? true : value === 'off' ? false : null;
  } catch {
    return null;
  }
}

// Read once: the navigation entry does not change while the page lives.
let sawSaveData: boolean | undefined;
let choiceInMemory: boolean | null = null;
const compute = () =>
  storedDataSaver() ??
  choiceInMemory ??
  defaultDataSaver(readConnection(), (sawSaveData ??= serverSawSaveData()));

const listeners = new Set<() => void>();

// Read afresh each time (one local-storage read): a choice made in another tab, or a test's, shows.
function refresh(): void {
  for (const listener of [...listeners]) listener();
}

function handleStorage(event: StorageEvent): void {
  // Another tab changed the choice.
  if (event.key === null || event.key === DATA_SAVER_STORAGE_KEY) refresh();
}

export const dataSaverStore = {
  /** Whether the data saver is on now. */
  getSnapshot: (): boolean => compute(),

  subscribe(listener: () => void): () => void {
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.addEventListener('storage', handleStorage);
      // Without a choice, it follows the connection as it changes (Wi-Fi to mobile data).
      readConnection()?.addEventListener?.('change', refresh);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && typeof window !== 'undefined') {
        window.removeEventListener('storage', handleStorage);
        (readConnection() as EventTarget | undefined)?.removeEventListener?.('change', refresh);
      }
    };
  },

  /** The member's choice, kept on this device. */
  set(on: boolean): void {
    try {
      localStorage.setItem(DATA_SAVER_STORAGE_KEY, on ? 'on' : 'off');
    } catch {
      // Without storage (some private modes) the choice lasts while the page does.
      choiceInMemory = on;
    }
    refresh();
  },

  /** Tests: forget what was read (the stored choice, the connection, the server's echo). */
  reset(): void {
    sawSaveData = undefined;
    choiceInMemory = null;
  },
};

/** Whether the data saver is on, outside React. */
export const isDataSaverOn = (): boolean => dataSaverStore.getSnapshot();

/** Whether the data saver is on; the component renders again when it changes. */
export function useDataSaver(): boolean {
  return useSyncExternalStore(dataSaverStore.subscribe, dataSaverStore.getSnapshot);
}

/**
 * A download's size as a member reads it, in their language: `42 kB`, `1.5 MB` (`kilobaiti 42`,
 * `MB 1.5` in Kiswahili). Decimal units, as phone data bundles count them.
 */
export function formatBytes(bytes: number, locale: string = currentLocale()): string {
  const megabytes = bytes >= 1_000_000;
  const value = megabytes ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000));
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: megabytes ? 1 : 0,
  }).format(value);
}

/**
 * A profile picture's address, or null while the data saver is on: a profile picture is kept at
 * 512 px (tens of kilobytes) and shown at 32–96 px, so a page of posts by different people would
 * cost more in faces than in text, and a tap per face is no way to read a feed. The initial shows
 * instead. A picture already on the device (a `blob:` preview, a `data:` URI) still shows.
 */
export function useProfilePicture(src: string | null | undefined): string | null {
  const dataSaver = useDataSaver();
  if (!src) return null;
  if (dataSaver && !/^(blob|data):/.test(src)) return null;
  return src;
}
