import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from './en';
import FIRST_SCREEN_KEYS from './first-screen-keys.json';
import { messages as enFirst } from './parts/en-first';
import { messages as enRest } from './parts/en-rest';
import { messages as swFirst, swMessages } from './parts/sw-first';
import { messages as swRest } from './parts/sw-rest';
import { sw } from './sw';

const FIRST = new Set<string>(FIRST_SCREEN_KEYS);
/** A message of each part: the feed's title (a first screen's), the privacy page's link back (not). */
const FIRST_KEY = 'feed.title';
const REST_KEY = 'privacy.back';

describe("the catalogue's two parts", () => {
  it('hold every message once: the first screens’ in the first part, the others in the rest', () => {
    for (const [whole, first, rest] of [
      [en, enFirst, enRest],
      [sw, swFirst, swRest],
    ] as const) {
      expect(Object.keys(first).sort()).toEqual(
        Object.keys(whole)
          .filter((key) => FIRST.has(key))
          .sort(),
      );
      expect(Object.keys(rest).sort()).toEqual(
        Object.keys(whole)
          .filter((key) => !FIRST.has(key))
          .sort(),
      );
      expect({ ...first, ...rest }).toEqual({ ...whole });
    }
    expect(FIRST.has(FIRST_KEY)).toBe(true);
    expect(FIRST.has(REST_KEY)).toBe(false);
    expect(Object.keys(swMessages).length).toBeGreaterThan(0);
  });
});

describe('loading a language in two parts', () => {
  // A module of its own: the web tests share theirs, where English is installed whole.
  afterEach(() => {
    vi.resetModules();
    document.documentElement.lang = 'en';
  });

  it('shows the first part’s messages at once, and the rest once the catalogue is whole', async () => {
    vi.resetModules();
    const i18n = await import('./index');
    await i18n.loadLanguage('en', 'first');
    expect(i18n.t(FIRST_KEY)).toBe(en[FIRST_KEY]);
    // Not loaded yet: what a screen must wait for (app/screens.tsx), shown as its key.
    expect(i18n.t(REST_KEY)).toBe(REST_KEY);
    await i18n.wholeCatalogue();
    expect(i18n.t(REST_KEY)).toBe(en[REST_KEY]);
    // The part module the messages came from still holds its part only (the web tests share it).
    const { messages: firstPartModule } = await import('./parts/en-first');
    expect(Object.keys(firstPartModule)).toHaveLength(FIRST.size);
  });

  it('loads another language whole when it is chosen, and completes whichever is current', async () => {
    vi.resetModules();
    const i18n = await import('./index');
    await i18n.loadLanguage('en', 'first');
    await i18n.loadLanguage('sw');
    expect(i18n.t(REST_KEY)).toBe(sw[REST_KEY]);
    expect(i18n.currentLanguage()).toBe('sw');
    // Back to English, whose rest had not been asked for: the screens wait for it.
    await i18n.loadLanguage('en', 'first');
    expect(i18n.t(REST_KEY)).toBe(REST_KEY);
    await i18n.wholeCatalogue();
    expect(i18n.t(REST_KEY)).toBe(en[REST_KEY]);
  });

  it('waits for a first part still on its way before completing it', async () => {
    vi.resetModules();
    const i18n = await import('./index');
    const first = i18n.loadLanguage('sw', 'first');
    const whole = i18n.wholeCatalogue();
    await Promise.all([first, whole]);
    expect(i18n.currentLanguage()).toBe('sw');
    expect(i18n.t(REST_KEY)).toBe(sw[REST_KEY]);
  });
});
