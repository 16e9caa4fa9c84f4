import { describe, expect, it } from 'vitest';
import { createSemaphore } from './concurrency';

describe('createSemaphore', () => {
  it('runs at most max tasks at once, the rest in arrival order', async () => {
    const semaphore = createSemaphore(2);
    const gates: (() => void)[] = [];
    const started: number[] = [];
    const tasks = Array.from({ length: 8 }, (_, i) =>
      semaphore.run(async () => {
        started.push(i);
        await new Promise<void>((resolve) => gates.push(resolve));
        return i;
      }),
    );
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await settle();
    expect(started).toEqual([0, 1]);
    expect(semaphore.stats()).toMatchObject({ active: 2, waiting: 6 });
    for (let done = 0; done < 8; done++) {
      gates.shift()!();
      // A newcomer arriving as a slot frees up must queue behind the waiters, not slip in.
      if (done === 0) void semaphore.run(async () => started.push(99));
      await settle();
      expect(semaphore.stats().active).toBeLessThanOrEqual(2);
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 99]);
    expect(semaphore.stats()).toEqual({ active: 0, waiting: 0, peak: 2 });
  });

  it('frees the slot of a task that fails', async () => {
    const semaphore = createSemaphore(1);
    await expect(semaphore.run(() => Promise.reject(new Error('broken image')))).rejects.toThrow(
      'broken image',
    );
    expect(await semaphore.run(async () => 'next')).toBe('next');
    expect(semaphore.stats()).toMatchObject({ active: 0, waiting: 0 });
  });
});
