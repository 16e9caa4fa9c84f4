import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
} from 'kysely';
import { buildApp } from './app';
import { parseConfig } from './config';
import type { Database } from './db/database';
import type { DB } from './db/schema';

/** What a query answers while the document is made: nothing, loudly (it is made from the routes alone). */
class NoDatabaseDriver extends DummyDriver {
  override acquireConnection(): Promise<DatabaseConnection> {
    return Promise.reject(new Error('The OpenAPI document is made from the routes, without a database'));
  }
}

const noDatabase = (): Database => ({
  db: new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new NoDatabaseDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
  kind: 'postgres',
  ping: () => Promise.resolve(),
  close: () => Promise.resolve(),
});

/**
 * The OpenAPI document `/api/docs/json` serves, made by building the app (every feature's routes and
 * their zod schemas) without a database, a port or a web build: what `npm run lint:openapi` lints.
 */
export async function makeOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jamii-openapi-'));
  try {
    const config = parseConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // No background jobs: nothing polls the (absent) database while the app is built.
      ROLE: 'web',
      JWT_SECRET: 'the-openapi-document-signs-nothing-0123456789',
    });
    config.webDistDir = path.join(dataDir, 'no-web-app');
    const app = await buildApp({ config, database: noDatabase(), jwtSecret: config.jwtSecret! });
    try {
      await app.ready();
      return app.swagger() as unknown as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
