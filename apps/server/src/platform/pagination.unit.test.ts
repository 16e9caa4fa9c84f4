import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, toPage, toPageRequest } from './pagination';
import { containsPattern } from './search';

describe('keyset cursors', () => {
  it('round-trips a microsecond timestamp and an id, opaque and URL-safe', () => {
    const key = { createdAt: '2026-11-21T08:56:00.123456Z', id: 42 };
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(key);
  });

  it('accepts 29 February of a leap year', () => {
    const key = { createdAt: '2024-02-29T23:59:59.999999Z', id: 7 };
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
  });

  it.each([
    ['not base64url', 'a+b/c='],
    ['no separator', Buffer.from('2026-11-21T08:56:00Z').toString('base64url')],
    ['a bad time', Buffer.from('yesterday|4').toString('base64url')],
    ['an impossible date', Buffer.from('2026-13-45T08:56:00Z|4').toString('base64url')],
    ['a day the month does not have', Buffer.from('2024-02-30T10:00:00.000000Z|4').toString('base64url')],
    ['29 February of a common year', Buffer.from('2023-02-29T10:00:00Z|4').toString('base64url')],
    ['31 April', Buffer.from('2024-04-31T10:00:00Z|4').toString('base64url')],
    ['hour 24', Buffer.from('2024-01-01T24:00:00Z|4').toString('base64url')],
    ['year 0', Buffer.from('0000-01-01T00:00:00Z|4').toString('base64url')],
    ['a zero id', Buffer.from('2026-11-21T08:56:00Z|0').toString('base64url')],
    ['an id beyond integer', Buffer.from('2026-11-21T08:56:00Z|9999999999').toString('base64url')],
    ['extra parts', Buffer.from('2026-11-21T08:56:00Z|4|5').toString('base64url')],
  ])('refuses %s with INVALID_CURSOR (400)', (_label, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(
      expect.objectContaining({ code: 'INVALID_CURSOR', statusCode: 400 }),
    );
  });

  it('cuts the extra row and points the next cursor at the last row of the page', () => {
    const rows = [3, 2, 1].map((id) => ({ id, cursor_key: `2026-01-01T00:00:0${id}.000000Z` }));
    const page = toPageRequest({ limit: 2 });
    const result = toPage(rows, page);
    expect(result.items.map((r) => r.id)).toEqual([3, 2]);
    expect(decodeCursor(result.nextCursor!)).toEqual({ createdAt: '2026-01-01T00:00:02.000000Z', id: 2 });
    expect(toPage(rows.slice(0, 2), page).nextCursor).toBeNull();
  });
});

describe('containsPattern', () => {
  it('takes LIKE wildcards and the escape character literally', () => {
    expect(containsPattern('50%')).toBe('%50\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('C:\\')).toBe('%C:\\\\%');
    expect(containsPattern('plain')).toBe('%plain%');
  });
});
