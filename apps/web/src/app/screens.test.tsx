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
