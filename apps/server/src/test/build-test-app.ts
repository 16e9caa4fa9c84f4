import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import type { RouteOptions } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app';
import { parseConfig, type Env } from '../config';
import type { AppContext } from '../platform/context';
import { createAccessTokens } from '../platform/tokens';
import { freshTestDatabase } from './test-database';

export interface TestAppOptions {
  env?: Partial<Record<keyof Env, string>>;
  /** A built web app to serve; by default none, so page paths answer a JSON 404. */
  webDistDir?: string;
  /**
   * A stand-in for the built web app, written into the test's data folder: path in the build →
   * content (`{ 'index.html': '<!doctype html>…', 'assets/app-abc123.js': '…' }`).
   */
  webFiles?: Record<string, string>;
  /** Kysely plugins on the app's database handle (a query counter, for example). */
  dbPlugins?: KyselyPlugin[];
  /** A Redis connection, as main opens one when REDIS_URL is set (the caller closes it). */
  redis?: Redis;
  /** Sees every route as the app adds it (the authorization matrix collects the route table). */
  onRoute?: (route: RouteOptions) => void;
  /** Connections of the PostgreSQL pool (PGlite has one): the race tests want many. */
  poolSize?: number;
  /** The app's time for rules that depend on it (phone codes' expiry, digests, payments that wait). */
  clock?: () => Date;
  /** Where the app's log lines go (tests that read the logs); set LOG_LEVEL in env to see them. */
  logStream?: DestinationStream;
}

/**
 * The real application on a fresh, migrated, empty database and a temporary data folder.
 * Limits are off unless a test turns them on; close() releases everything.
 */
export async function buildTestApp(opts: TestAppOptions = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jamii-test-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    ...opts.env,
  });
  config.webDistDir = opts.webDistDir ?? path.join(dataDir, 'no-web-app');
  if (opts.webFiles) config.webDistDir = writeWebFiles(path.join(dataDir, 'web'), opts.webFiles);
  const opened = await freshTestDatabase({ poolSize: opts.poolSize });
  const database = {
    ...opened,
    db: (opts.dbPlugins ?? []).reduce((db, plugin) => db.withPlugin(plugin), opened.db),
  };
  const ctx: AppContext = {
    config,
    database,
    redis: opts.redis,
    jwtSecret: config.jwtSecret!,
    clock: opts.clock,
  };
  const app = await buildApp(ctx, {
    ...(opts.onRoute ? { onRoute: opts.onRoute } : {}),
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
  });
  await app.ready();
  return {
    app,
    ctx: { ...ctx, tokens: createAccessTokens(ctx.jwtSecret) },
    dataDir,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

function writeWebFiles(dir: string, files: Record<string, string>) {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return dir;
}
