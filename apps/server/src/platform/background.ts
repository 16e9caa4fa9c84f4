import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/** Schedules work to run once the current answer has been sent. */
export type AfterAnswer = (name: string, work: () => Promise<unknown>) => void;

/**
 * Work that must not hold up an answer (a notification written after a failed login, whose cost
 * would otherwise tell an existing username from an unknown one). Failures are logged and never
 * reach a client, and the app waits for what is still running before it closes the database.
 */
export function createBackgroundTasks(
  log: FastifyBaseLogger,
  opts: {
    /** Runs the queue's due jobs in this process and resolves when none is left (tests read results). */
    queueSettled?: () => Promise<number>;
  } = {},
) {
  const running = new Set<Promise<void>>();
  const defer = (name: string, work: () => Promise<unknown>) => {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(
        () => undefined,
        (err: unknown) => log.error({ err, task: name }, 'background task failed'),
      )
      .finally(() => running.delete(task));
    running.add(task);
  };
  return {
    defer,
    /**
     * Starts work once the reply has been handed to the connection (or the connection is gone),
     * not merely after the handler returned: embedded PGlite runs queries on the main thread, so
     * a write started earlier would still hold the answer back.
     */
    afterAnswer(reply: FastifyReply, name: string, work: () => Promise<unknown>) {
      const res = reply.raw;
      if (res.writableFinished || res.destroyed) return defer(name, work);
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        defer(name, work);
      };
      res.once('finish', start);
      res.once('close', start);
    },
    /** Resolves when nothing deferred is running any more (shutdown). */
    async finished() {
      while (running.size > 0) await Promise.all([...running]);
    },
    /**
     * Resolves when nothing deferred is running and no queued job is due (tests that read what the
     * work wrote): deferred work may enqueue jobs, and jobs may defer work.
     */
    async settled() {
      for (;;) {
        while (running.size > 0) await Promise.all([...running]);
        const ran = (await opts.queueSettled?.()) ?? 0;
        if (ran === 0 && running.size === 0) return;
      }
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
