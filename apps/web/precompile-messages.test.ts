import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { precompileMessages } from './precompile-messages';

const CATALOGUE = '/work/apps/web/src/lib/i18n/en.ts';

function transform(code: string, id = CATALOGUE): string | null {
  const hook = precompileMessages().transform as (code: string, id: string) => { code: string } | null;
  return hook(code, id)?.code ?? null;
}

describe('catalogue messages parsed at build time', () => {
  const source = `export const en = {
  'common.close': 'Close',
  "notFound.text": "We can't find that page",
  'posts.likes': '{count, plural, one {# like} other {# likes}}',
  'page.title': \`{page} · Jamii\`,
} as const;`;

  it('turns each message with arguments into the tree the formatter takes, and leaves text alone', () => {
    const out = transform(source)!;
    expect(out).toContain(`'common.close': 'Close'`);
    expect(out).toContain(`"notFound.text": "We can't find that page"`);
    const tree = (key: string) =>
      JSON.parse(new RegExp(`'${key}': (\\[.*\\]),`).exec(out)![1]!) as MessageFormatElement[];
    const likes = new IntlMessageFormat(tree('posts\\.likes'), 'en-KE', undefined, { ignoreTag: true });
    expect(likes.format({ count: 1 })).toBe('1 like');
    expect(likes.format({ count: 1200 })).toBe('1,200 likes');
    expect(new IntlMessageFormat(tree('page\\.title'), 'en-KE').format({ page: 'Feed' })).toBe(
      'Feed · Jamii',
    );
  });

  it("reads Kiswahili's parts too, and no other file", () => {
    expect(transform(source, '/work/apps/web/src/lib/i18n/catalogue/bids.ts')).toContain('"type":6');
    expect(transform(source, '/work/apps/web/src/lib/i18n/index.ts')).toBeNull();
    expect(transform(source, '/work/packages/shared/src/i18n/messages.sw.ts')).toBeNull();
  });

  it('fails the build on a message the parser refuses, naming it', () => {
    expect(() => transform(`export const en = { 'posts.broken': '{count, plural, one {#}' };`)).toThrow(
      /posts\.broken/,
    );
  });
});
