import { describe, expect, it } from 'vitest';
import { parseRangeHeader } from './media-route';
import { isSafeKey, RangeNotSatisfiableError, resolveRange } from './object-store';

describe('Range headers', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100 }],
    ['bytes=-500', { suffix: 500 }],
    [' bytes=5-5 ', { start: 5, end: 5 }],
  ])('reads %j', (header, range) => {
    expect(parseRangeHeader(header)).toEqual(range);
  });

  it.each([undefined, '', 'bytes=-', 'bytes=9-1', 'bytes=0-1,5-9', 'items=0-1', 'bytes=a-b'])(
    'ignores %j (the whole file is sent)',
    (header) => {
      expect(parseRangeHeader(header)).toBeNull();
    },
  );

  it('resolves ranges against a size, refusing one that starts past the end', () => {
    expect(resolveRange(undefined, 10)).toEqual({ start: 0, end: 9 });
    expect(resolveRange({ start: 4 }, 10)).toEqual({ start: 4, end: 9 });
    expect(resolveRange({ start: 4, end: 99 }, 10)).toEqual({ start: 4, end: 9 });
    expect(resolveRange({ suffix: 99 }, 10)).toEqual({ start: 0, end: 9 });
    expect(() => resolveRange({ start: 10 }, 10)).toThrow(RangeNotSatisfiableError);
    expect(() => resolveRange({ suffix: 0 }, 10)).toThrow(RangeNotSatisfiableError);
    expect(() => resolveRange({ suffix: 5 }, 0)).toThrow(RangeNotSatisfiableError);
  });
});

describe('storage keys', () => {
  it.each(['avatars/x.webp', 'cv/0b9e-44.pdf', 'renditions/mx1-ab_c.mp4'])('takes %j', (key) => {
    expect(isSafeKey(key)).toBe(true);
  });
  it.each(['', '/abs', 'a/../b', '..', 'a//b', 'a/', '.hidden', 'a b', 'a%2fb', 'x.webp.1a2b.part', 'a\\b'])(
    'refuses %j',
    (key) => {
      expect(isSafeKey(key)).toBe(false);
    },
  );
});
