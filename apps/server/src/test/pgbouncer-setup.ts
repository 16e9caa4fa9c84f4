import type { TestProject } from 'vitest/node';
import { databaseFromUrl } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { startPgBouncer } from './pgbouncer';
import { adminQuery, runPrefix, withDatabase } from './postgres-template';

// The integration files of the `pgbouncer` project reach their databases through PgBouncer in
// transaction mode (test-database.ts); the databases themselves are made and dropped directly. Two
// instances migrating one new database at once through it must not get in each other's way.

declare module 'vitest' {
  export interface ProvidedContext {
    postgresPooler: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('The pgbouncer tier needs TEST_DATABASE_URL (the PostgreSQL behind PgBouncer)');
  const pooler = await startPgBouncer(url);
  const scratch = `${runPrefix(process.env.JAMII_TEST_RUN ?? String(process.pid))}pgbouncer_migrate`;
  await adminQuery(url, `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  await adminQuery(url, `CREATE DATABASE ${scratch}`);
  const migrators = [0, 1].map(() => databaseFromUrl(withDatabase(pooler.url, scratch), { poolSize: 2 }));
  try {
    const applied = await Promise.all(migrators.map((m) => migrate(m.db)));
    const total = applied[0]!.length + applied[1]!.length;
    if (total !== readMigrations().length || new Set([...applied[0]!, ...applied[1]!]).size !== total)
      throw new Error(`Two migrations through PgBouncer applied ${total} files, not each file once`);
  } finally {
    await Promise.all(migrators.map((m) => m.close()));
    await adminQuery(url, `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  }
  project.provide('postgresPooler', pooler.url);
  return () => pooler.stop();
}
