import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { databaseFromUrl, embeddedDatabaseFolder, isNewDatabaseFolder, openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { demoAccounts, freshLogins, seedIfEmpty, type DemoLogin } from './seed/seed';
import type { AppContext } from './platform/context';
import { limitHeapGrowth } from './platform/heap-growth';
import { openReadRouter } from './platform/read-routing';
import { closeRedis, openRedis, waitForRedis } from './platform/redis';
import { resolveJwtSecret } from './platform/secrets';
import { startNotice } from './start-notice';

const SHUTDOWN_GRACE_MS = 10_000;
/** How long start-up waits for Redis before serving without it (it is picked up when it comes). */
const REDIS_START_WAIT_MS = 2_000;
/** What exit waits for buffered logs to reach a reader that has stopped reading. */
const LOG_FLUSH_MS = 500;
/** Logs held while the reader is slow; beyond this they are dropped rather than filling memory. */
const LOG_BUFFER_MAX_BYTES = 16 * 1024 * 1024;

// Logs are written asynchronously: a synchronous write to a pipe whose reader has stopped reading
// blocks the whole process (pino's sync mode retries in a sleeping loop), so not even the forced
// exit below could fire. A reader that has gone away (EPIPE) just ends logging.
let exiting = false;
const logStream = pino.destination({
  dest: 1,
  sync: false,
  maxLength: LOG_BUFFER_MAX_BYTES,
  // While running, a full pipe is retried later (on a timer, the event loop stays free); on exit it
  // is given up, so the synchronous flush below cannot wait for ever.
  retryEAGAIN: () => !exiting,
});
// Whatever ends the process (a crash included): write what the reader takes now, drop the rest,
// and leave the stream destroyed so pino's own exit hook, which would retry for ever, skips it.
process.prependListener('exit', () => {
  exiting = true;
  try {
    logStream.flushSync();
  } catch {
    // The reader is not reading (or the stream is already closed).
  }
  if (!(logStream as { destroyed?: boolean }).destroyed) logStream.destroy();
});

/**
 * Exits without the synchronous flush pino registers for exit (it would wait for ever on a full
 * pipe): buffered lines get a short, bounded chance to go out, and the rest is dropped.
 */
async function exit(code: number): Promise<never> {
  const closed = new Promise((resolve) => logStream.once('close', resolve));
  try {
    logStream.end();
  } catch {
    // Already closed.
  }
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, LOG_FLUSH_MS).unref())]);
  // A destroyed stream is skipped by pino's exit hook.
  if (!(logStream as { destroyed?: boolean }).destroyed) logStream.destroy();
  process.exit(code);
}

async function main() {
  limitHeapGrowth();
  const config = loadConfig();
  const log = pino({ level: config.logLevel }, logStream);

  // Demo content only for the embedded default, so a real database is never filled with it by accident.
  const seeds = !config.databaseUrl && config.seedDemo;
  // A new install's demo passwords hash (0.2 s) while its database is unpacked and opened.
  let accounts =
    seeds && isNewDatabaseFolder(embeddedDatabaseFolder(config.dataDir)) ? demoAccounts() : undefined;
  // Awaited by the seed; a failure before then must not end the process as an unhandled rejection.
  accounts?.catch(() => undefined);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (err) => log.warn({ err }, 'idle database connection lost'),
    onTemplateError: (err) =>
      log.warn({ err }, 'the embedded database image did not open: creating the database instead'),
    queryTimeoutMs: config.databaseTimeoutMs,
    pgliteBuffersMb: config.pgliteBuffersMb,
  });
  // Migrations run on a connection of their own without DATABASE_TIMEOUT_MS: rewriting a large table,
  // or waiting for another instance's migrations (an advisory lock), may take longer than a request.
  const migrator = config.databaseUrl ? databaseFromUrl(config.databaseUrl, { poolSize: 1 }) : database;
  let applied;
  try {
    applied = await migrate(migrator.db);
  } finally {
    if (migrator !== database) await migrator.close();
  }
  log.info({ database: database.kind, applied: applied.length }, 'database ready');

  let logins: DemoLogin[] = [];
  if (seeds) {
    // An empty database in a folder that was not new (SEED_DEMO turned on later) hashes them now.
    const seeded = await seedIfEmpty(database.db, { accounts: () => (accounts ??= demoAccounts()) });
    if (seeded) {
      log.info(seeded, 'demo content seeded (SEED_DEMO=off to skip)');
      if (accounts) logins = freshLogins(await accounts);
    }
  }

  // Redis is optional even when configured: without it the server serves on its own (see redis.ts).
  const redis = config.redisUrl ? openRedis(config.redisUrl, log) : undefined;
  if (redis && !(await waitForRedis(redis, REDIS_START_WAIT_MS)))
    log.warn('starting without redis: it is used as soon as it answers');

  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const reads = openReadRouter(config, database, redis, log);
  const ctx: AppContext = { config, database, reads, redis, jwtSecret };
  const app = await buildApp(ctx, { logStream });
  // ROLE=worker runs the background jobs of the instances that answer requests, and listens on no port.
  if (config.role === 'worker') {
    await app.ready();
    app.log.info('worker started: running background jobs, answering no requests');
  } else await app.listen({ port: config.port, host: config.host });
  // Plain lines after the JSON log, on the same stream so they follow it: where to open the app and,
  // on a new embedded database, how to log in. Never a log record: it would keep the passwords.
  const notice = startNotice({ url: config.role === 'worker' ? undefined : config.publicUrl, logins });
  if (notice) logStream.write(notice);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Armed before anything else, logging included, so nothing below can keep the process alive.
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      void exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close();
      await reads?.close();
      await database.close();
      if (redis) await closeRedis(redis);
      app.log.info('stopped');
      await exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      await exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  // The logger may not exist yet (bad settings), so a plain line on stderr names the problem.
  if (err instanceof ConfigError) process.stderr.write(`${err.message}\n`);
  else
    process.stderr.write(
      `Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  void exit(1);
});
