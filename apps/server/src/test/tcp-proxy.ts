import { createServer, connect, type Server, type Socket } from 'node:net';

// A TCP proxy on 127.0.0.1 between the app and a service (PostgreSQL, Redis), for fault tests. Three
// states:
// - `open`: bytes flow both ways;
// - `down`: every connection is cut and the port refuses new ones (the service stopped);
// - `hang`: connections stay open but no byte moves, and new ones are accepted and never forwarded
//   (a network path that went silent); `open()` lets the held bytes through again.

interface Pair {
  client: Socket;
  upstream: Socket | undefined;
}

export type ProxyState = 'open' | 'down' | 'hang';

export class TcpProxy {
  private server: Server | undefined;
  private readonly pairs = new Set<Pair>();
  private stateNow: ProxyState = 'open';
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  get state() {
    return this.stateNow;
  }

  get url() {
    return `127.0.0.1:${this.port}`;
  }

  /** Listens (on a free port the first time, then on the same one). */
  async start(): Promise<void> {
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  private accept(client: Socket) {
    const pair: Pair = { client, upstream: undefined };
    this.pairs.add(pair);
    const drop = () => {
      this.pairs.delete(pair);
      client.destroy();
      pair.upstream?.destroy();
    };
    client.on('error', drop);
    client.on('close', drop);
    if (this.stateNow === 'open') this.forward(pair, drop);
    else client.pause();
  }

  private forward(pair: Pair, drop: () => void) {
    const upstream = connect(this.target.port, this.target.host);
    pair.upstream = upstream;
    upstream.on('error', drop);
    upstream.on('close', drop);
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
    pair.client.resume();
  }

  /** The service stopped: every connection cut, new ones refused. */
  async down(): Promise<void> {
    this.stateNow = 'down';
    const server = this.server;
    this.server = undefined;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : undefined;
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
    this.pairs.clear();
    await closed;
  }

  /** The path went silent: connections stay open, nothing moves, new ones wait forever. */
  hang(): void {
    this.stateNow = 'hang';
    for (const { client, upstream } of this.pairs) {
      if (!upstream) continue;
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  /**
   * Back to normal: listening again after `down`, held bytes and connections flow after `hang`. With
   * `keepHung`, the connections frozen by `hang` stay frozen for good (as after a NAT or firewall
   * forgot them) and only new ones are served.
   */
  async open(opts: { keepHung?: boolean } = {}): Promise<void> {
    const previous = this.stateNow;
    this.stateNow = 'open';
    if (previous === 'down') return this.start();
    if (opts.keepHung) return;
    for (const pair of this.pairs) {
      const drop = () => {
        this.pairs.delete(pair);
        pair.client.destroy();
        pair.upstream?.destroy();
      };
      if (!pair.upstream) this.forward(pair, drop);
      else {
        pair.client.pipe(pair.upstream);
        pair.upstream.pipe(pair.client);
      }
    }
  }

  async close(): Promise<void> {
    await this.down();
  }
}
