import { describe, expect, it } from 'vitest';
import { t } from './index';

describe('t', () => {
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

  it('rejects unknown keys and missing values at compile time', () => {
    // @ts-expect-error a typo in a key is a type error
    expect(t('landing.headlin')).toBeUndefined();
    // @ts-expect-error a message with placeholders needs its values
    expect(t('page.title')).toBe('{page} · Jamii');
  });
});
