import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DATA_SAVER_STORAGE_KEY,
  dataSaverStore,
  defaultDataSaver,
  formatBytes,
  isDataSaverOn,
  serverSawSaveData,
  useDataSaver,
  useProfilePicture,
} from './data-saver';
import { loadLanguage } from './i18n';

/** The Network Information API as Chrome on Android has it; jsdom has none. */
function setConnection(connection: object | undefined) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}

/** The page's navigation entry, with the Server-Timing entries the server sent. */
function setServerTiming(names: string[]) {
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((type: string) =>
    type === 'navigation'
      ? [{ serverTiming: names.map((name) => ({ name, description: 'on', duration: 0 })) } as never]
      : [],
  );
}

afterEach(() => {
  setConnection(undefined);
  vi.restoreAllMocks();
  dataSaverStore.reset();
});

describe('defaultDataSaver', () => {
  it('is on when the browser asks to save data, or the server saw Save-Data', () => {
    expect(defaultDataSaver({ saveData: true, effectiveType: '4g' }, false)).toBe(true);
    expect(defaultDataSaver(undefined, true)).toBe(true);
  });

  it('is on for 3G and slower, off for 4G and where the browser says nothing', () => {
    for (const effectiveType of ['slow-2g', '2g', '3g']) {
      expect(defaultDataSaver({ effectiveType }, false)).toBe(true);
    }
    expect(defaultDataSaver({ effectiveType: '4g', saveData: false }, false)).toBe(false);
    expect(defaultDataSaver(undefined, false)).toBe(false);
  });
});

describe('serverSawSaveData', () => {
  it('reads the save-data entry the server echoes in Server-Timing', () => {
    setServerTiming(['save-data']);
    expect(serverSawSaveData()).toBe(true);
  });

  it('is false without it', () => {
    setServerTiming(['db']);
    expect(serverSawSaveData()).toBe(false);
    setServerTiming([]);
    expect(serverSawSaveData()).toBe(false);
  });
});

describe('the data saver setting', () => {
  it('follows the browser until the member chooses, then keeps the choice on the device', () => {
    setConnection({ saveData: true });
    expect(isDataSaverOn()).toBe(true);

    dataSaverStore.set(false);
    expect(localStorage.getItem(DATA_SAVER_STORAGE_KEY)).toBe('off');
    expect(isDataSaverOn()).toBe(false);

    setConnection({ effectiveType: '4g' });
    dataSaverStore.set(true);
    expect(isDataSaverOn()).toBe(true);
  });

  it('starts on when the page was answered to a request with Save-Data', () => {
    setServerTiming(['save-data']);
    expect(isDataSaverOn()).toBe(true);
  });

  it('renders again when it changes, here or in another tab', () => {
    const { result } = renderHook(() => useDataSaver());
    expect(result.current).toBe(false);

    act(() => dataSaverStore.set(true));
    expect(result.current).toBe(true);

    act(() => {
      localStorage.setItem(DATA_SAVER_STORAGE_KEY, 'off');
      window.dispatchEvent(new StorageEvent('storage', { key: DATA_SAVER_STORAGE_KEY }));
    });
    expect(result.current).toBe(false);
  });

  it('keeps the choice for the page when storage refuses it', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    dataSaverStore.set(true);
    expect(isDataSaverOn()).toBe(true);
  });
});

describe('useProfilePicture', () => {
  it('gives the picture with the data saver off, and nothing with it on', () => {
    const { result, rerender } = renderHook(({ src }) => useProfilePicture(src), {
      initialProps: { src: '/media/avatars/a.webp' as string | null },
    });
    expect(result.current).toBe('/media/avatars/a.webp');

    act(() => dataSaverStore.set(true));
    expect(result.current).toBeNull();

    // A picture already on the device costs nothing.
    rerender({ src: 'blob:preview' });
    expect(result.current).toBe('blob:preview');
    rerender({ src: null });
    expect(result.current).toBeNull();
  });
});

describe('formatBytes', () => {
  it('writes kilobytes and megabytes in the member’s language', () => {
    expect(formatBytes(42_300, 'en-KE')).toBe('42 kB');
    expect(formatBytes(2_450_000, 'en-KE')).toBe('2.5 MB');
    expect(formatBytes(120, 'en-KE')).toBe('1 kB');
    expect(formatBytes(42_300, 'sw-KE')).toBe('kilobaiti 42');
    expect(formatBytes(2_450_000, 'sw-KE')).toBe('MB 2.5');
  });

  it('follows the member’s language', async () => {
    // Loaded as the app loads it: a catalogue installed by hand would lack the language's message
    // table, and every later file sharing this worker's modules would read English validation messages.
    await loadLanguage('sw');
    expect(formatBytes(42_300)).toBe('kilobaiti 42');
    await loadLanguage('en');
    expect(formatBytes(42_300)).toBe('42 kB');
  });
});
