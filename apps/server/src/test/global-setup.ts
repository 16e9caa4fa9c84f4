import type { TestProject } from 'vitest/node';
import { databaseFromUrl } from '../db/database';
import { migrate } from '../db/migrate';
import {
  adminQuery,
  databasesStartingWith,
  runPrefix,
  templateName,
  withDatabase,
} from './postgres-template';

// Integration tests on PostgreSQL (TEST_DATABASE_URL set): one migrated template for the whole run,
// handed to the workers by name; the teardown drops it with anything else of this run still there
// and fails the run if a database of it survives. On PGlite there is nothing to do here.

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  // scripts/test.mjs names the run, so that it can check pg_database itself afterwards.
  const run = process.env.JAMII_TEST_RUN ?? String(process.pid);
  if (!/^[a-z0-9]{1,20}$/.test(run)) throw new Error('JAMII_TEST_RUN: up to 20 lowercase letters and digits');
  const prefix = runPrefix(run);
  const template = templateName(run);
  await adminQuery(url, `DROP DATABASE IF EXISTS ${template}`);
  await adminQuery(url, `CREATE DATABASE ${template}`);
  const database = databaseFromUrl(withDatabase(url, template), { poolSize: 1 });
  try {
    await migrate(database.db);
  } finally {
    await database.close();
  }
  project.provide('postgresTemplate', template);

  return async function teardown() {
    for (const name of await databasesStartingWith(url, prefix)) {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
    const left = await databasesStartingWith(url, prefix);
    if (left.length > 0) {
      // Vitest reports an error thrown here but still exits with 0.
      process.exitCode = 1;
      throw new Error(`Test databases left behind on PostgreSQL: ${left.join(', ')}`);
    }
  };
}
