import { sql } from 'kysely';
import type { TestApp } from './build-test-app';

// What the database holds, table by table, to prove that a refused request changed nothing.
// Checksumming every table after each request would cost more than the requests themselves, so the
// checksums are taken only when PostgreSQL says a transaction has written: a transaction that
// writes takes a transaction id, so an unchanged next id means no row changed anywhere.

type Db = TestApp['db'];

/** Row count and an order-independent checksum of every row's text, per table. */
export type TableSnapshot = Map<string, string>;

export async function listTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
    ORDER BY table_name`.execute(db);
  return rows.map((r) => r.name);
}

/** The next transaction id: it moves only when some transaction has written. */
export async function nextTransactionId(db: Db): Promise<string> {
  const { rows } = await sql<{ xmax: string }>`
    SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`.execute(db);
  return rows[0]!.xmax;
}

export async function snapshotTables(db: Db, tables: readonly string[]): Promise<TableSnapshot> {
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const query = tables
    .map(
      (name) =>
        `SELECT '${name.replaceAll("'", "''")}' AS name, count(*) || ':' || coalesce(sum(hashtext(x::text)::bigint), 0) AS sum FROM ${quoted(name)} x`,
    )
    .join(' UNION ALL ');
  const { rows } = await sql<{ name: string; sum: string }>`${sql.raw(query)}`.execute(db);
  return new Map(rows.map((r) => [r.name, r.sum]));
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: TableSnapshot, after: TableSnapshot): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}
