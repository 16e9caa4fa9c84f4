import { Redis } from 'ioredis';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed/seed';
import type { AppContext } from './platform/context';
import { resolveJwtSecret } from './platform/secrets';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (err) => log.warn({ err }, 'idle database connection lost'),
  });
  const applied = await migrate(database.db);
  log.info({ database: database.kind, applied: applied.length }, 'database ready');

  // Demo content only for the embedded default, so a real database is never filled with it by accident.
  if (database.kind === 'pglite' && config.seedDemo) {
    const seeded = await seedIfEmpty(database.db);
    if (seeded) log.info(seeded, 'demo content seeded (SEED_DEMO=off to skip)');
  }

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  redis?.on('error', (err) => log.warn({ err: err.message }, 'redis error'));

  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const ctx: AppContext = { config, database, redis, jwtSecret };
  const app = await buildApp(ctx);
  await app.listen({ port: config.port, host: config.host });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      await database.close();
      await redis?.quit();
      app.log.info('stopped');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
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
  process.exit(1);
});
