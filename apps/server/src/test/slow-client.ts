import { connect } from 'node:net';

export interface SlowClientResult {
  /** What the server wrote back before it closed the connection. */
  answer: string;
  /** The status of that answer (0 when it closed without one). */
  status: number;
  /** Bytes written after the head, up to the moment the server closed the connection. */
  sent: number;
  /** Whether the client had written its whole body before the server closed the connection. */
  finished: boolean;
}

/**
 * A client over a raw socket, as a slow or hostile phone is: writes `head` (the request line and
 * headers, and any part of a body), then `body` in pieces of `chunkBytes` every `everyMs` (no
 * pieces: it stalls after the head), and resolves once the server has closed the connection.
 * Bounded: it writes no more than `body`, and gives up (status 0) after `giveUpMs` if the server
 * never closes the connection. Send `Connection: close` for a request the server should answer.
 */
export function slowClient(opts: {
  port: number;
  head: string | Buffer;
  body?: Buffer;
  chunkBytes?: number;
  everyMs?: number;
  giveUpMs?: number;
}): Promise<SlowClientResult> {
  const body = opts.body ?? Buffer.alloc(0);
  const chunk = opts.chunkBytes ?? 1;
  return new Promise((resolve, reject) => {
    const socket = connect(opts.port, '127.0.0.1');
    const received: Buffer[] = [];
    let sent = 0;
    const pieces = () => {
      if (socket.destroyed) return clearInterval(timer);
      socket.write(body.subarray(sent, sent + chunk));
      sent += chunk;
      if (sent >= body.length) clearInterval(timer);
    };
    const timer =
      opts.everyMs === undefined || body.length === 0 ? undefined : setInterval(pieces, opts.everyMs);
    const giveUp = setTimeout(() => socket.destroy(), opts.giveUpMs ?? 20_000);
    socket.on('data', (data: Buffer) => received.push(data));
    // A reset after the answer (the server closing a socket we still write to) is part of the close.
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') reject(err);
    });
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      const answer = Buffer.concat(received).toString();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ answer, status, sent, finished: sent >= body.length && body.length > 0 });
    });
    socket.write(opts.head);
  });
}

/** The JSON answer after an HTTP head, or undefined. */
export function answerJson(answer: string): unknown {
  const start = answer.indexOf('\r\n\r\n');
  if (start < 0) return undefined;
  try {
    return JSON.parse(answer.slice(start + 4));
  } catch {
    return undefined;
  }
}
