import { vi } from 'vitest';
import type * as I18n from '../lib/i18n';

/**
 * Fresh modules in which `wholeCatalogue` (what app/screens.tsx and lib/lazy-component.ts wait for)
 * is the test's. Import the module under
 * test after this, and call `unmockWholeCatalogue` after the test.
 */
export function mockWholeCatalogue(wholeCatalogue: () => Promise<void>): void {
  vi.resetModules();
  vi.doMock('../lib/i18n', async (importOriginal) => ({
    ...(await importOriginal<typeof I18n>()),
    wholeCatalogue,
  }));
}

export function unmockWholeCatalogue(): void {
  vi.doUnmock('../lib/i18n');
  vi.resetModules();
}

/** A catalogue's second part held until `complete` is called. */
export function heldCatalogue(): { whole: Promise<void>; complete: () => void } {
  let complete!: () => void;
  const whole = new Promise<void>((resolve) => (complete = resolve));
  return { whole, complete };
}
