import { request } from 'node:http';

export interface OversizedResult {
  status: number;
  /** Bytes of the body written before the answer came (or the server closed the connection). */
  sent: number;
  /** The answer's Connection header: `close` when the server stops reading the rest. */
  connection: string | undefined;
  body: string;
}

/**
 * Sends `head` and then up to `total` bytes of filler over real HTTP, chunked (no length: the
 * server learns the size only as the bytes arrive), as a phone uploading a file too large would,
 * and stops writing as soon as the answer comes. Bounded: never more than `total` bytes.
 */
export function sendOversized(opts: {
  port: number;
  method?: string;
  path: string;
  headers: Record<string, string>;
  head: Buffer;
  total: number;
  tail?: Buffer;
}): Promise<OversizedResult> {
  const chunk = Buffer.alloc(64 * 1024, 3);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(
      {
        host: '127.0.0.1',
        port: opts.port,
        method: opts.method ?? 'POST',
        path: opts.path,
        headers: opts.headers,
      },
      (res) => {
        answered = true;
        const parts: Buffer[] = [];
        res.on('data', (data: Buffer) => parts.push(data));
        res.on('end', () => {
          resolve({
            status: res.statusCode!,
            sent,
            connection: res.headers.connection,
            body: Buffer.concat(parts).toString(),
          });
          // What the server no longer reads must not keep the socket open.
          req.destroy();
        });
      },
    );
    // Writing into a connection the server has closed fails once the answer is in: expected.
    req.on('error', (err) => answered || reject(err));
    req.write(opts.head);
    const pump = () => {
      while (!answered && sent < opts.total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end(opts.tail);
    };
    pump();
  });
}
