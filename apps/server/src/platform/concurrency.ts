/**
 * At most `max` tasks run at once; the others wait in arrival order. A finishing task hands its
 * slot straight to the next waiter, so a caller arriving in between cannot take it and exceed `max`.
 */
export function createSemaphore(max: number) {
  let active = 0;
  let peak = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    peak = Math.max(peak, active);
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** What runs and waits now, and the most that ever ran at once (for tests and diagnostics). */
    stats: () => ({ active, waiting: waiting.length, peak }),
  };
}
