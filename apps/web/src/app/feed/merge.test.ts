import { describe, expect, it } from 'vitest';
import { mergeNewestFirst } from './merge';

const at = (id: string, minute: number) => ({
  id,
  created_at: `2025-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('mergeNewestFirst', () => {
  it('sorts every loaded item newest first when no list has more', () => {
    const merged = mergeNewestFirst([
      { items: [at('p2', 50), at('p1', 10)], hasMore: false },
      { items: [at('j1', 30)], hasMore: false },
      { items: [at('b1', 40), at('b0', 5)], hasMore: false },
    ]);

    expect(merged.items.map((item) => item.id)).toEqual(['p2', 'b1', 'j1', 'p1', 'b0']);
    expect(merged.next).toBeNull();
  });

  it('holds back older items until the list that stops highest loads its next page', () => {
    const merged = mergeNewestFirst([
      { items: [at('p3', 55), at('p2', 45)], hasMore: true },
      { items: [at('j2', 50), at('j1', 20)], hasMore: true },
      { items: [at('b1', 30)], hasMore: false },
    ]);

    // Posts were seen down to :45 only: a post from :46–:20 may still come, so j1 and b1 wait.
    expect(merged.items.map((item) => item.id)).toEqual(['p3', 'j2', 'p2']);
    expect(merged.next).toBe(0);
  });

  it('shows nothing older than a list that has not loaded yet', () => {
    const merged = mergeNewestFirst([
      { items: [], hasMore: true },
      { items: [at('j1', 20)], hasMore: false },
    ]);

    expect(merged.items).toEqual([]);
    expect(merged.next).toBe(0);
  });
});
