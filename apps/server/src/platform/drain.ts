import type { FastifyInstance } from 'fastify';

/**
 * A graceful stop must not wait on keep-alive connections. Fastify answers requests that arrive
 * after close() began with 503 and `Connection: close`, and Node's server.close() ends the
 * connections idle at that moment; but a connection whose request was still running goes idle
 * afterwards and would stay open for the keep-alive timeout (72 s in Fastify), holding close() and
 * the process past its grace period (a forced exit with code 1, seen under load). From the start
 * of the shutdown, every answer closes its connection, and one that goes idle anyway is ended at once.
 * Registered first, so its preClose hook runs before the others (which wait on background work).
 */
export function registerDrain(app: FastifyInstance) {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
    // Read by Node when an answer finishes on a kept-alive connection: idle connections end now.
    app.server.keepAliveTimeout = 1;
    app.server.closeIdleConnections?.();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining && !reply.raw.headersSent) reply.header('connection', 'close');
    done(null, payload);
  });
}
