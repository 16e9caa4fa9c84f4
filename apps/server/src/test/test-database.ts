import type { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { databaseFromPglite, databaseFromUrl, openPglite, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { inject } from 'vitest';
import { adminQuery, withDatabase } from './postgres-template';

// Tests run on a fresh in-memory PGlite each, or on PostgreSQL when TEST_DATABASE_URL is set
// (CI runs the integration suite both ways). Each test database is a copy of one migrated template,
// because migrating from scratch costs seconds: per test file on PGlite, per run on PostgreSQL (made
// and dropped by global-setup.ts).

let pgliteTemplate: Promise<PGlite> | undefined;

async function freshPglite(): Promise<Database> {
  pgliteTemplate ??= openPglite(undefined).then(async (template) => {
    const database = databaseFromPglite(template);
    await migrate(database.db);
    return template;
  });
  const template = await pgliteTemplate;
  return databaseFromPglite((await template.clone()) as PGlite);
}

async function freshPostgres(url: string, poolSize: number): Promise<Database> {
  const template = inject('postgresTemplate');
  if (!template)
    throw new Error('No PostgreSQL template: run the integration project (its global set-up makes one)');
  // Template names end in `tpl`; the copies share its run prefix so the run's teardown finds leftovers.
  const name = `${template.slice(0, -'tpl'.length)}${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  // The pgbouncer project's apps reach their database through PgBouncer (test/pgbouncer-setup.ts).
  const appUrl = inject('postgresPooler') || url;
  const database = databaseFromUrl(withDatabase(appUrl, name), { poolSize });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export const testDatabaseKind = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

/**
 * A migrated, empty database of its own for one test app. `poolSize` (PostgreSQL only; 5 by default)
 * is how many statements can run at once: the race tests want more than the feature tests.
 */
export function freshTestDatabase(opts: { poolSize?: number } = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? freshPostgres(url, opts.poolSize ?? 5) : freshPglite();
}

/**
 * A database with no migration applied (a migration's test applies them up to its own, writes rows as
 * they were, then applies the rest); dropped by close. Named with the run's prefix on PostgreSQL, so
 * the run's teardown finds it if a test leaves it behind.
 */
export async function emptyTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return databaseFromPglite(await openPglite(undefined));
  const template = inject('postgresTemplate');
  const prefix = template ? template.slice(0, -'tpl'.length) : 'jamii_empty_';
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const database = databaseFromUrl(withDatabase(url, name), { poolSize: 2 });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
