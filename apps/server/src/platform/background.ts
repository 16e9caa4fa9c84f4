import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not hold up an answer (a notification written after a failed login, whose cost
 * would otherwise tell an existing username from an unknown one). It starts once the current
 * answer has been handed over, failures are logged and never reach a client, and the app waits
 * for what is still running before it closes the database.
 */
export function createBackgroundTasks(log: FastifyBaseLogger) {
  const running = new Set<Promise<void>>();
  return {
    defer(name: string, work: () => Promise<unknown>) {
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (err: unknown) => log.error({ err, task: name }, 'background task failed'),
        )
        .finally(() => running.delete(task));
      running.add(task);
    },
    /** Resolves when nothing deferred is running any more (shutdown, and tests that read the result). */
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's background tasks (tests wait on `settled()` to read what they wrote). */
    background: BackgroundTasks;
  }
}
