import type { FastifyInstance } from 'fastify';

/** How long a schedule that could not be queued at start waits before it is tried again. */
export const SCHEDULE_RETRY_MS = 60_000;

/**
 * Queues a schedule's first run (the daily digest, the payments sweep) once the app is ready. A
 * database that is down at that moment must not stop the server from starting and answering 503s:
 * the queueing is logged and tried again every minute until it works or the app closes.
 */
export function scheduleOnReady(
  app: FastifyInstance,
  schedule: string,
  enqueue: () => Promise<unknown>,
  retryMs = SCHEDULE_RETRY_MS,
) {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const attempt = async () => {
    try {
      await enqueue();
    } catch (err) {
      if (closed) return;
      app.log.warn({ err, schedule }, 'could not queue a schedule at start; trying again in a minute');
      timer = setTimeout(() => void attempt(), retryMs);
      timer.unref();
    }
  };
  app.addHook('onReady', attempt);
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
}
