import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as I18n from '../lib/i18n';

describe('a route’s screen and the catalogue', () => {
  afterEach(() => {
    vi.doUnmock('../lib/i18n');
    vi.resetModules();
  });

  it('is ready once its code and the whole catalogue have arrived; a first screen’s once its code has', async () => {
    let completeCatalogue!: () => void;
    const whole = new Promise<void>((resolve) => (completeCatalogue = resolve));
    vi.resetModules();
    vi.doMock('../lib/i18n', async (importOriginal) => ({
      ...(await importOriginal<typeof I18n>()),
      wholeCatalogue: () => whole,
    }));
    const { firstScreen, lazyScreen } = await import('./screens');
    const code = { Component: () => null };
    const first = firstScreen(() => Promise.resolve(code));
    const later = lazyScreen(() => Promise.resolve(code));

    await first.handle.preload!();
    expect(first.handle.isReady!()).toBe(true);

    const laterLoaded = later.handle.preload!();
    // Its code is here (a resolved promise), the catalogue's second part is not.
    await Promise.resolve();
    await Promise.resolve();
    expect(later.handle.isReady!()).toBe(false);
    completeCatalogue();
    await laterLoaded;
    expect(later.handle.isReady!()).toBe(true);
  });

  it('reports a second part that could not be downloaded as the screen’s failure', async () => {
    vi.resetModules();
    vi.doMock('../lib/i18n', async (importOriginal) => ({
      ...(await importOriginal<typeof I18n>()),
      wholeCatalogue: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    }));
    const { lazyScreen } = await import('./screens');
    const later = lazyScreen(() => Promise.resolve({ Component: () => null }));
    await expect(later.handle.preload!()).rejects.toThrow('Failed to fetch');
    expect(later.handle.hasFailed!()).toBe(true);
  });
});
