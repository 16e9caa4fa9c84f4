import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { pglitePool } from './pglite-pool';
import type { DB } from './schema';

export type Kdb = Kysely<DB>;

export interface Database {
  db: Kdb;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

// Both drivers answer the same JS types: counts and ids as numbers, prices as numbers.
const INT8 = 20;
const NUMERIC = 1700;
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));
const pgliteParsers = { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v) };

export const PGLITE_EXTENSIONS = { citext, pg_trgm };

export async function openPglite(dataDir: string | undefined): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Loaded here: a server on PostgreSQL never needs the embedded database's code.
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
    parsers: pgliteParsers,
    relaxedDurability: false,
  });
}

export function databaseFromPglite(pglite: PGlite): Database {
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pglitePool(pglite) }) });
  return {
    db,
    kind: 'pglite',
    async ping() {
      await pglite.query('select 1');
    },
    async close() {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

export function databaseFromUrl(
  url: string,
  opts: {
    poolSize?: number;
    onIdleError?: (err: Error) => void;
    /**
     * How long a statement may wait for its answer before it fails (and the request answers 503):
     * without it, a server that stops answering while the connection stays open (a silent network,
     * a frozen host) would hold requests forever. Unset: no limit (the tools and tests).
     */
    queryTimeoutMs?: number;
  } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    // Also bounds the wait for a free client of the pool.
    connectionTimeoutMillis: Math.min(5000, opts.queryTimeoutMs ?? 5000),
    ...(opts.queryTimeoutMs ? { query_timeout: opts.queryTimeoutMs } : {}),
  });
  // A statement that timed out is still on the wire of its connection: the client would make every
  // later statement wait behind it. It leaves the pool (ending a client with a statement in flight
  // destroys its socket); the next query opens a fresh connection.
  pool.on('release', (_err, client) => {
    const stuck = (client as unknown as { _getActiveQuery?: () => unknown })._getActiveQuery?.();
    if (stuck) void client.end().catch(() => undefined);
  });
  // A client that loses its server (a restart, a terminated backend) must not crash the process; the
  // next query reconnects. The pool hears idle clients; a checked-out client is heard by its own
  // listener, or its 'error' event between a query's answer and its release would be uncaught.
  pool.on('error', (err) => opts.onIdleError?.(err));
  pool.on('connect', (client) => client.on('error', (err) => opts.onIdleError?.(err)));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite under DATA_DIR/db. */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  onIdleError?: (err: Error) => void;
  queryTimeoutMs?: number;
}) {
  if (opts.databaseUrl)
    return databaseFromUrl(opts.databaseUrl, {
      onIdleError: opts.onIdleError,
      queryTimeoutMs: opts.queryTimeoutMs,
    });
  return databaseFromPglite(await openPglite(path.join(opts.dataDir, 'db')));
}
