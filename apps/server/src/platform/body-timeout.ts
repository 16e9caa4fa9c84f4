import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiErrorBody } from '@jamii/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * The slowest a body may arrive once its first REQUEST_TIMEOUT_MS are spent: each byte buys that
 * much more time, as Apache's mod_reqtimeout grants (`body=20,MinRate=500`). A phone on 2G sends
 * thousands of bytes a second; one byte every few seconds is someone holding a connection open.
 */
export const MIN_BODY_BYTES_PER_SECOND = 500;

export const REQUEST_TIMEOUT_MESSAGE = 'The request took too long to arrive. Please try again';
export const requestTimedOut = () => new AppError('REQUEST_TIMEOUT', 408, REQUEST_TIMEOUT_MESSAGE);

/** How often a body is looked at: a quarter of the timeout, at most once a second. */
export const checkEveryMs = (timeoutMs: number) => Math.max(10, Math.min(1000, Math.floor(timeoutMs / 4)));

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/**
 * Time waited for a body counts against the client only while the server is ready for more: the
 * body is being read (flowing) and nothing it sent is waiting in our buffers. Before a route reads a
 * form (its guards ask the database first), or while a file is written to disk, the wait is ours.
 * Once the answer has gone out, whatever the client still sends is its own time.
 */
const isWaitingOnClient = (req: IncomingMessage, res: ServerResponse) =>
  res.writableFinished || (req.readableFlowing === true && req.readableLength === 0);

/**
 * The raw 408 a timed-out request gets when nothing of its answer went out yet: written to the
 * socket itself, as Node writes its own 408 for headers that never end, so the route still waiting
 * for the body fails as if the client had gone (which it then has), not with a second answer.
 */
function timeoutAnswer(headers: Record<string, string>) {
  const body = JSON.stringify({
    code: 'REQUEST_TIMEOUT',
    message: REQUEST_TIMEOUT_MESSAGE,
  } satisfies ApiErrorBody);
  const lines = [
    'HTTP/1.1 408 Request Timeout',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'content-type: application/json; charset=utf-8',
    'cache-control: no-store',
    'connection: close',
    `content-length: ${Buffer.byteLength(body)}`,
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Ends a request whose body stops arriving (nothing for `timeoutMs`) or trickles in (slower, after
 * the first `timeoutMs`, than MIN_BODY_BYTES_PER_SECOND): a 408 if no answer has started, then the
 * connection is closed. A connection held open by a body that never comes costs a socket and, for
 * an upload, its part read so far; nothing else ends one (Fastify's requestTimeout is 0, because a
 * whole-request deadline short enough to matter would cut off a phone sending a video).
 */
export function watchBody(
  req: IncomingMessage,
  res: ServerResponse,
  opts: { timeoutMs: number; headers: Record<string, string>; onTimeout: (received: number) => void },
) {
  const socket = req.socket as IncomingMessage['socket'] | undefined;
  // app.inject's requests have the whole body at once and no socket to count bytes on.
  if (typeof socket?.bytesRead !== 'number' || req.complete || !hasBody(req)) return;
  const { timeoutMs } = opts;
  const startBytes = socket.bytesRead;
  let seenBytes = startBytes;
  let idleMs = 0;
  let clientMs = 0;
  let last = Date.now();

  const every = checkEveryMs(timeoutMs);
  const timer = setInterval(() => {
    if (req.complete || socket.destroyed) return stop();
    const now = Date.now();
    // A tick that comes late is this process stalling (a busy event loop), not the client: bytes it
    // sent meanwhile wait unread in the kernel. Only the tick's own interval counts.
    const elapsed = Math.min(now - last, 2 * every);
    last = now;
    const bytes = socket.bytesRead;
    const arrived = bytes !== seenBytes;
    seenBytes = bytes;
    if (arrived) idleMs = 0;
    if (!isWaitingOnClient(req, res)) return;
    if (!arrived) idleMs += elapsed;
    clientMs += elapsed;
    const received = bytes - startBytes;
    const allowedMs = timeoutMs + (received / MIN_BODY_BYTES_PER_SECOND) * 1000;
    if (idleMs < timeoutMs && clientMs < allowedMs) return;
    stop();
    opts.onTimeout(received);
    // Written, then closed, as Node does with its own 408: the route reading the body sees an
    // aborted request, and the socket goes with it.
    if (!res.headersSent && socket.writable) socket.write(timeoutAnswer(opts.headers));
    req.destroy(requestTimedOut());
  }, every);
  timer.unref();

  function stop() {
    clearInterval(timer);
    req.off('close', stop);
  }
  // The request's own close (its body read, or its connection gone), never the socket's: a
  // keep-alive socket carries many requests, and would gather a listener for each.
  req.once('close', stop);
}

/**
 * Every request with a body is watched until the body is in (`watchBody`); the headers themselves
 * must arrive within `timeoutMs` too (Node's headersTimeout, set where the server is made).
 */
export function registerBodyTimeout(
  app: FastifyInstance,
  opts: { timeoutMs: number; headers: Record<string, string> },
) {
  app.addHook('onRequest', (request, reply, done) => {
    watchBody(request.raw, reply.raw, {
      ...opts,
      onTimeout: (received) =>
        request.log.info({ receivedBytes: received, timeoutMs: opts.timeoutMs }, 'request body timed out'),
    });
    done();
  });
}
