import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Kdb } from './database';

/** Beside this file in src/, copied beside main.js in dist/ by the build. */
export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

// Any fixed number: it names the lock that keeps two starting instances from migrating at once.
const MIGRATION_LOCK_ID = 727_001;

export interface MigrationFile {
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), 'utf8') }));
}

/**
 * Applies, in order and each in its own transaction, the forward-only migrations not yet applied.
 * The lock that keeps two starting instances from migrating at once is taken inside each
 * migration's transaction and ends with it: behind PgBouncer in transaction mode a session's lock
 * would stay with whichever server connection took it.
 */
export async function migrate(db: Kdb, files = readMigrations()): Promise<string[]> {
  const done = await appliedNames(db);
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file.name)) continue;
    const ran = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_ID)})`.execute(trx);
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`.execute(trx);
      // Another instance may have applied it while this one waited for the lock.
      const found = await sql`select 1 from schema_migrations where name = ${file.name}`.execute(trx);
      if (found.rows.length > 0) return false;
      try {
        // A script without parameters runs through the simple protocol, several statements at once.
        await sql.raw(file.sql).execute(trx);
      } catch (err) {
        throw new Error(`Migration ${file.name} failed: ${(err as Error).message}`, { cause: err });
      }
      await sql`INSERT INTO schema_migrations (name) VALUES (${file.name})`.execute(trx);
      return true;
    });
    if (ran) applied.push(file.name);
  }
  return applied;
}

/** The migrations already applied (none on a new database), read without the lock: a first pass. */
async function appliedNames(db: Kdb): Promise<Set<string>> {
  const { rows } = await sql<{ exists: boolean }>`
    select to_regclass('schema_migrations') is not null as exists`.execute(db);
  if (!rows[0]?.exists) return new Set();
  const names = await sql<{ name: string }>`select name from schema_migrations`.execute(db);
  return new Set(names.rows.map((r) => r.name));
}
