import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, startServerProcess, type ServerProcess } from '../src/test/server-process';

// A server whose log reader has stopped reading (a full pipe) or has gone away (a closed pipe) must
// still serve, and stop on SIGTERM within its 10-second grace period.

const EXIT_WITHIN_MS = 12_000;
// Logs name a routed request by its pattern and drop every query (platform/log-fields.ts), so the
// padding is an address no route matches: its path is logged as asked for, and answered 404.
const LONG_URL = `/api/no-such-page/${'x'.repeat(4_000)}`;

/** Each request logs its 4 KB address: 100 of them are far more than a pipe and Node's buffer hold. */
async function floodLogs(server: ServerProcess) {
  const answers = await Promise.all(
    Array.from({ length: 100 }, () =>
      fetch(`${server.url}${LONG_URL}`, { signal: AbortSignal.timeout(10_000) }).then((res) => res.status),
    ),
  );
  return answers;
}

async function timedStop(server: ServerProcess) {
  const started = Date.now();
  server.child.kill('SIGTERM');
  const code = await Promise.race([
    server.exited,
    new Promise((resolve) => setTimeout(() => resolve('still running'), EXIT_WITHIN_MS)),
  ]);
  return { code, ms: Date.now() - started };
}

describe('shutdown with a stuck log reader', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    database = await createPostgresDatabase(`jamii_shutdown_${process.pid}`);
  });
  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGKILL');
      await server.stop();
    }
    await database.drop();
  });

  const start = async () => {
    const server = await startServerProcess(
      { DATABASE_URL: database.url, LOG_LEVEL: 'info' },
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    servers.push(server);
    return server;
  };

  it('serves and exits on SIGTERM while nobody reads its logs', async () => {
    const server = await start();
    const stdout = server.child.stdout!;
    // Paused with no reader: Node stops draining the pipe once its own buffer is full.
    stdout.pause();
    expect(await floodLogs(server)).toEqual(Array(100).fill(404));
    expect(stdout.readableLength).toBeGreaterThanOrEqual(stdout.readableHighWaterMark);
    const { code, ms } = await timedStop(server);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(EXIT_WITHIN_MS);
  });

  it('serves and exits on SIGTERM after its log reader has gone away', async () => {
    const server = await start();
    server.child.stdout!.destroy();
    expect(await floodLogs(server)).toEqual(Array(100).fill(404));
    const { code, ms } = await timedStop(server);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(EXIT_WITHIN_MS);
  });
});
