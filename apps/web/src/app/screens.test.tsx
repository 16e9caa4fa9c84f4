import { afterEach, describe, expect, it } from 'vitest';
import { heldCatalogue, mockWholeCatalogue, unmockWholeCatalogue } from '../test/catalogue';

describe('a route’s screen and the catalogue', () => {
  afterEach(unmockWholeCatalogue);

  it('is ready once its code and the whole catalogue have arrived; a first screen’s once its code has', async () => {
    const catalogue = heldCatalogue();
    mockWholeCatalogue(() => catalogue.whole);
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
    catalogue.complete();
    await laterLoaded;
    expect(later.handle.isReady!()).toBe(true);
  });

  it('reports a second part that could not be downloaded as the screen’s failure', async () => {
    mockWholeCatalogue(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const { lazyScreen } = await import('./screens');
    const later = lazyScreen(() => Promise.resolve({ Component: () => null }));
    await expect(later.handle.preload!()).rejects.toThrow('Failed to fetch');
    expect(later.handle.hasFailed!()).toBe(true);
  });
});

describe('the routes that match an address', () => {
  it('answers each path from its own table, with the screens’ state as it is now, past the paths it keeps', async () => {
    const { hasScreenFailed, isScreenReady } = await import('./screens');
    const ready = new Set<number>();
    const table = (failed: boolean) =>
      Array.from({ length: 30 }, (_, n) => ({
        path: `/page-${n}`,
        handle: { isReady: () => ready.has(n), hasFailed: () => failed },
      }));
    const [working, broken] = [table(false), table(true)];

    for (let n = 0; n < 30; n += 1) expect(isScreenReady(working, { pathname: `/page-${n}` })).toBe(false);
    ready.add(0).add(29);
    // The first path was asked about 29 paths ago, the last just now: both read the screen afresh.
    expect(isScreenReady(working, { pathname: '/page-0' })).toBe(true);
    expect(isScreenReady(working, { pathname: '/page-29' })).toBe(true);
    expect(isScreenReady(working, { pathname: '/page-1' })).toBe(false);
    // The same path in another table is that table's route.
    expect(hasScreenFailed(working, { pathname: '/page-29' })).toBe(false);
    expect(hasScreenFailed(broken, { pathname: '/page-29' })).toBe(true);
    // No route: nothing to wait for.
    expect(isScreenReady(working, { pathname: '/elsewhere' })).toBe(true);
  });
});
