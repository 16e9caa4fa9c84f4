import type { FastifyBaseLogger } from 'fastify';
import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';
import type { Redis, RedisOptions } from 'ioredis';

// Redis is a helper, never a dependency of an answer: the server starts and serves without it
// (request limits fall back to this process's memory, live events reach this instance's sockets
// only) and picks it up again when it comes back. No request may wait on it for long.

/** The longest a request waits on one Redis command before going on without it. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

const OPTIONS: RedisOptions = {
  // While the connection is down, commands fail at once instead of queueing behind a reconnection.
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: 2_000,
  // Reconnect for ever, at most every 2 s: Redis coming back is picked up without a restart.
  retryStrategy: (times) => Math.min(times * 200, 2_000),
};

/**
 * The connection for request limits. Errors are logged once per outage (ioredis reports every failed
 * reconnection), and the return is logged too.
 */
export function openRedis(url: string, log: Log): Redis {
  // Loaded here, not at start: without REDIS_URL, ioredis (some 20 MB of memory) is never needed.
  const { Redis } = createRequire(import.meta.url)('ioredis') as typeof IORedis;
  const redis = new Redis(url, OPTIONS);
  watchConnection(redis, log, 'redis');
  return redis;
}

/** Logs the first error of an outage and the recovery, not each reconnection attempt. */
export function watchConnection(redis: Redis, log: Log, name: string) {
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { err: err.message, connection: name },
      'redis unreachable: request limits use this process memory and live events stay on this instance until it is back',
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ connection: name }, 'redis reachable again');
  });
}

export const isRedisReady = (redis: Redis) => redis.status === 'ready';

/** Resolves when the connection is ready or after `ms`, whichever comes first; never rejects. */
export function waitForRedis(redis: Redis, ms: number): Promise<boolean> {
  if (isRedisReady(redis)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    redis.once('ready', onReady);
  });
}

/**
 * Makes the named commands of a connection that callers fire and forget (the Socket.IO adapter's
 * publish and subscribe) settle instead of rejecting, so a Redis outage cannot surface as an
 * unhandled rejection that ends the process.
 */
export function settleFireAndForget(
  redis: Redis,
  commands: readonly string[],
  onError: (err: Error) => void,
) {
  const target = redis as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of commands) {
    const original = target[name]!.bind(redis);
    target[name] = (...args: unknown[]) =>
      original(...args).catch((err: Error) => {
        onError(err);
        return undefined;
      });
  }
}

/** Closes a connection whatever its state: QUIT when connected, a plain disconnect otherwise. */
export async function closeRedis(redis: Redis) {
  if (isRedisReady(redis)) {
    const quit = redis.quit().catch(() => undefined);
    const timeout = new Promise((resolve) => setTimeout(resolve, REDIS_COMMAND_TIMEOUT_MS).unref());
    await Promise.race([quit, timeout]);
  }
  redis.disconnect();
}
