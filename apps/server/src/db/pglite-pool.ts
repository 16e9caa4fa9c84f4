import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/**
 * Presents one embedded PGlite database as the pool Kysely's PostgresDialect expects.
 * PGlite is a single session, so a "connection" is a turn at it: a transaction holds it until
 * release, and other queries wait, exactly as if the pool had one connection.
 */
export function pglitePool(pg: PGlite): PostgresPool {
  let turn: Promise<void> = Promise.resolve();

  const client = {
    async query<R>(sql: string, parameters: readonly unknown[]) {
      // Without parameters, use the simple protocol, which (as on PostgreSQL) accepts a script of
      // several statements: migrations rely on it.
      const result =
        parameters.length === 0
          ? (await pg.exec(sql)).at(-1)!
          : await pg.query<R>(sql, parameters as unknown[]);
      const command = /^\s*(insert|update|delete|merge)\b/i.exec(sql)?.[1]?.toUpperCase() ?? 'SELECT';
      return {
        command: command as 'SELECT',
        rowCount: result.affectedRows ?? result.rows.length,
        rows: result.rows as R[],
      };
    },
  };

  return {
    async connect() {
      let release!: () => void;
      const previous = turn;
      turn = new Promise<void>((resolve) => (release = resolve));
      await previous;
      return { ...client, release } as unknown as PostgresPoolClient;
    },
    async end() {
      await turn;
    },
  };
}
