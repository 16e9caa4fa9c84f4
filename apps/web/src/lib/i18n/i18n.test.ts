import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from './en';
import { currentLocale, installCatalogue, loadLanguage, t } from './index';
import { sw } from './sw';

/** The argument names a message uses, plural branches included. */
function argumentNames(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if ('value' in element && element.type !== TYPE.literal && typeof element.value === 'string') {
        names.add(element.value);
      }
      if ('options' in element) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(parse(message, { ignoreTag: true }));
  return [...names].sort();
}

describe('t', () => {
  afterEach(() => installCatalogue('en', en));

  it('returns a message without placeholders as written', () => {
    expect(t('landing.headline')).toBe('Just that simple');
    expect(t('footer.copyright')).toBe('© 2025 Jamii. All rights reserved.');
  });

  it('fills placeholders', () => {
    expect(t('page.title', { page: 'Apps' })).toBe('Apps · Jamii');
  });

  it('fills a number placeholder', () => {
    expect(t('page.title', { page: 404 })).toBe('404 · Jamii');
  });

  it('writes counts with the plural the language needs', () => {
    expect(t('posts.likes', { count: 1 })).toBe('1 like');
    expect(t('posts.likes', { count: 2 })).toBe('2 likes');
    expect(t('posts.likes', { count: 1200 })).toBe('1,200 likes');
  });

  it('speaks Kiswahili once its catalogue is loaded, with Kenyan dates and numbers', async () => {
    await loadLanguage('sw');
    expect(t('common.cancel')).toBe(sw['common.cancel']);
    expect(t('common.cancel')).not.toBe(en['common.cancel']);
    expect(currentLocale()).toBe('sw-KE');
    expect(document.documentElement.lang).toBe('sw');
    await loadLanguage('en');
    expect(t('common.cancel')).toBe('Cancel');
    expect(currentLocale()).toBe('en-KE');
  });

  it('rejects unknown keys and missing values at compile time', () => {
    // @ts-expect-error a typo in a key is a type error
    expect(t('landing.headlin')).toBe('landing.headlin');
    // @ts-expect-error a message with placeholders needs its values
    expect(() => t('page.title')).not.toThrow();
  });
});

describe('the catalogues', () => {
  const englishKeys = Object.keys(en).sort();

  it('have the same keys in Kiswahili as in English', () => {
    const kiswahiliKeys = Object.keys(sw).sort();
    expect(englishKeys.filter((key) => !kiswahiliKeys.includes(key))).toEqual([]);
    expect(kiswahiliKeys.filter((key) => !englishKeys.includes(key))).toEqual([]);
  });

  it('have no empty message in either language', () => {
    for (const catalogue of [en, sw] as Record<string, string>[]) {
      expect(Object.entries(catalogue).filter(([, message]) => message.trim() === '')).toEqual([]);
    }
  });

  it('are valid ICU messages, and a translation keeps every placeholder under its own name', () => {
    const mismatched = englishKeys.flatMap((key) => {
      const english = argumentNames(en[key as keyof typeof en]);
      const kiswahili = argumentNames((sw as Record<string, string>)[key] ?? '');
      return english.join() === kiswahili.join() ? [] : [{ key, english, kiswahili }];
    });
    expect(mismatched).toEqual([]);
  });

  it('are translated, not copied (names, brands and symbols aside)', () => {
    const copied = englishKeys.filter((key) => {
      const message = en[key as keyof typeof en];
      return (
        /[a-z]{4,}/.test(message.replace(/\{\w+\}/g, '')) && (sw as Record<string, string>)[key] === message
      );
    });
    // Kept as written on purpose: brand names and the like. Anything else copied is untranslated.
    expect(copied.filter((key) => !SAME_IN_BOTH.has(key))).toEqual([]);
  });
});

/** Messages that read the same in both languages (brands, names, symbols). */
const SAME_IN_BOTH = new Set<string>([
  'app.name',
  'apps.goodbye', // "Kwaheri, {name}!" is Kiswahili already
  'auth.usernamePlaceholder',
  'create.tab.video',
  'dataSaver.videoSize',
  'page.title',
  'footer.city',
  'postPage.home',
  'videoUpload.video',
  'language.en',
  'language.sw',
  'phone.whatsapp', // a brand
  'phone.whatsappLabel',
  'footer.social.facebook',
  'footer.social.instagram',
  'footer.social.linkedin',
]);
