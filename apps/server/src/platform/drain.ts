import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The longest a stop waits for requests still being worked on (main.ts's grace period is 10 s). */
export const HANDLERS_WAIT_MS = 5_000;

/**
 * A graceful stop must not wait on keep-alive connections. Fastify answers requests that arrive
 * after close() began with 503 and `Connection: close`, and Node's server.close() ends the
 * connections idle at that moment; but a connection whose request was still running goes idle
 * afterwards and would stay open for the keep-alive timeout (72 s in Fastify), holding close() and
 * the process past its grace period (a forced exit with code 1, seen under load). From the start
 * of the shutdown, every answer closes its connection, and one that goes idle anyway is ended at once.
 *
 * Nor must it close the database under a request whose client has gone: server.close() waits for
 * connections, not for handlers, so a login whose caller hung up was still hashing when main.ts
 * closed the pool, and failed ("driver has already been destroyed"; seen when a load test stopped).
 * A request counts as running from onRequest until its answer is sent (onSend) or finished
 * (onResponse); the stop waits for those running, up to HANDLERS_WAIT_MS.
 * Registered first, so its preClose hook runs before the others (which wait on background work).
 */
export function registerDrain(app: FastifyInstance, { handlersWaitMs = HANDLERS_WAIT_MS } = {}) {
  let draining = false;
  const running = new Set<FastifyRequest>();
  let onSettled: (() => void) | undefined;
  const finished = (request: FastifyRequest) => {
    if (running.delete(request) && running.size === 0) onSettled?.();
  };
  app.addHook('onRequest', (request, _reply, done) => {
    running.add(request);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    finished(request);
    done();
  });
  app.addHook('preClose', async () => {
    draining = true;
    // Read by Node when an answer finishes on a kept-alive connection: idle connections end now.
    app.server.keepAliveTimeout = 1;
    app.server.closeIdleConnections?.();
    if (running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      onSettled = resolve;
      timer = setTimeout(() => {
        app.log.warn({ running: running.size }, 'stopping with requests still running');
        resolve();
      }, handlersWaitMs);
    });
    clearTimeout(timer);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (draining && !reply.raw.headersSent) reply.header('connection', 'close');
    finished(request);
    done(null, payload);
  });
}
