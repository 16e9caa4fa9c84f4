import { describe, expect, it } from 'vitest';
import { createShownStore } from './ussd.shown';

describe('USSD: the lists a session was shown', () => {
  it('recalls a list by session, position and key only', () => {
    const store = createShownStore();
    const a = store.forSession('+254700000001\u0000s1');
    a.remember(2, 'jobs Nakuru ', { ids: [7, 5], next: null });
    expect(a.recall(2, 'jobs Nakuru ')).toEqual({ ids: [7, 5], next: null });
    expect(a.recall(3, 'jobs Nakuru ')).toBeUndefined();
    expect(a.recall(2, 'jobs Kisumu ')).toBeUndefined();
    expect(store.forSession('+254700000002\u0000s1').recall(2, 'jobs Nakuru ')).toBeUndefined();
    expect(store.forSession('+254700000001\u0000s2').recall(2, 'jobs Nakuru ')).toBeUndefined();
  });

  it('keeps the latest list shown at a position', () => {
    const lists = createShownStore().forSession('s');
    lists.remember(1, 'chats', [1]);
    lists.remember(1, 'chats', [2]);
    expect(lists.recall(1, 'chats')).toEqual([2]);
  });

  it('forgets a list once its time has run out', () => {
    let clock = 1_000;
    const store = createShownStore({ ttlMs: 100, now: () => clock });
    const lists = store.forSession('s');
    lists.remember(0, 'bids', [1]);
    clock = 1_099;
    expect(lists.recall(0, 'bids')).toEqual([1]);
    clock = 1_100;
    expect(lists.recall(0, 'bids')).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('drops the oldest list when it is full', () => {
    const store = createShownStore({ maxEntries: 2 });
    const lists = store.forSession('s');
    lists.remember(0, 'k', 'first');
    lists.remember(1, 'k', 'second');
    lists.remember(2, 'k', 'third');
    expect(store.size).toBe(2);
    expect(lists.recall(0, 'k')).toBeUndefined();
    expect(lists.recall(1, 'k')).toBe('second');
    expect(lists.recall(2, 'k')).toBe('third');
  });

  it('sweeps out the lists whose time has run out as new ones come, recalled or not', () => {
    let clock = 0;
    const store = createShownStore({ ttlMs: 100, now: () => clock });
    const lists = store.forSession('s');
    lists.remember(0, 'k', 'first');
    clock = 60;
    lists.remember(1, 'k', 'second');
    clock = 120;
    lists.remember(2, 'k', 'third');
    expect(store.size).toBe(2);
    expect(lists.recall(1, 'k')).toBe('second');
  });
});
