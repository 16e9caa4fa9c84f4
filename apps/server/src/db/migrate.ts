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

/** Applies, in order and each in its own transaction, the forward-only migrations not yet applied. */
export async function migrate(db: Kdb, files = readMigrations()): Promise<string[]> {
  // One connection throughout: the advisory lock belongs to the session that took it.
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${sql.lit(MIGRATION_LOCK_ID)})`.execute(conn);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`.execute(conn);
      const done = new Set(
        (await sql<{ name: string }>`select name from schema_migrations`.execute(conn)).rows.map(
          (r) => r.name,
        ),
      );
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file.name)) continue;
        // A script without parameters runs through the simple protocol, several statements at once.
        // The file name is safe to inline: readMigrations only accepts [0-9a-z_.] names.
        try {
          await sql
            .raw(
              `BEGIN;\n${file.sql}\n;INSERT INTO schema_migrations (name) VALUES ('${file.name}');\nCOMMIT;`,
            )
            .execute(conn);
        } catch (err) {
          await sql`ROLLBACK`.execute(conn);
          throw new Error(`Migration ${file.name} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(file.name);
      }
      return applied;
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_ID)})`.execute(conn);
    }
  });
}
