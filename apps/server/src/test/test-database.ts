import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { databaseFromPglite, databaseFromUrl, openPglite, type Database } from '../db/database';
import { migrate } from '../db/migrate';

// Tests run on a fresh in-memory PGlite each, or on PostgreSQL when TEST_DATABASE_URL is set
// (CI runs the integration suite both ways). Each test database is a copy of one migrated template,
// because migrating from scratch costs seconds.

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

let postgresTemplate: Promise<string> | undefined;
let counter = 0;

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function freshPostgres(url: string): Promise<Database> {
  const prefix = `jamii_t${process.pid}`;
  postgresTemplate ??= (async () => {
    const template = `${prefix}_tpl`;
    await adminQuery(url, `DROP DATABASE IF EXISTS ${template}`);
    await adminQuery(url, `CREATE DATABASE ${template}`);
    const database = databaseFromUrl(withDatabase(url, template), { poolSize: 1 });
    await migrate(database.db);
    await database.close();
    return template;
  })();
  const template = await postgresTemplate;
  const name = `${prefix}_${++counter}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const database = databaseFromUrl(withDatabase(url, name), { poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export const testDatabaseKind = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

/** A migrated, empty database of its own for one test app. */
export function freshTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? freshPostgres(url) : freshPglite();
}
