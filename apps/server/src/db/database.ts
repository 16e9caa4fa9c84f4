import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGLITE_BUFFERS_MB } from '../config';
import { pglitePool } from './pglite-pool';
import type { DB } from './schema';

export type Kdb = Kysely<DB>;

export interface Database {
  db: Kdb;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection pool (not on PGlite): read replicas hand a failed read over to it. */
  pool?: pg.Pool;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// Both drivers answer the same JS types: counts and ids as numbers, prices as numbers.
const INT8 = 20;
const NUMERIC = 1700;
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));
const pgliteParsers = { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v) };

// The extensions the migrations create, and no others: PGlite unpacks each one registered into its
// in-memory file system at every start.
export const PGLITE_EXTENSIONS = { btree_gin, pg_trgm };

/**
 * A new embedded database is a copy of this image: an empty database already created (initdb) and
 * migrated, made once by the build (db/pglite-template.ts). Creating one from scratch costs about
 * 2 s of initdb and 0.4 s of migrations on the first start; unpacking the image 0.3-1 s (the disk).
 * Beside main.js in dist/; running from the sources there is none, and the database is created.
 */
export const PGLITE_TEMPLATE_FILE = path.join(import.meta.dirname, 'pglite-template.tar');

export interface PgliteOptions {
  buffersMb?: number;
}

export async function openPglite(
  dataDir: string | undefined,
  { buffersMb = PGLITE_BUFFERS_MB }: PgliteOptions = {},
): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Loaded here: a server on PostgreSQL never needs the embedded database's code.
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${buffersMb}MB`],
    extensions: PGLITE_EXTENSIONS,
    parsers: pgliteParsers,
    relaxedDurability: false,
  });
}

/**
 * Unpacks the image into dataDir. Synchronous: nothing else runs yet, and it takes half the time of
 * the streamed extraction. Not through PGlite (loadDataDir), which holds 40 MB copies in memory, some
 * for the process's life. A damaged archive throws rather than leaving a half database.
 */
async function unpackImage(file: string, dataDir: string) {
  // Loaded here, like PGlite: only a new embedded database needs it.
  const { x: extract } = await import('tar');
  const problems: string[] = [];
  mkdirSync(dataDir, { recursive: true });
  extract({
    file,
    cwd: dataDir,
    sync: true,
    // PGlite writes its entries with absolute names: TAR_ENTRY_INFO says they are made relative.
    onwarn: (code, message) => {
      if (code !== 'TAR_ENTRY_INFO') problems.push(`${code}: ${message}`);
    },
  });
  if (problems.length > 0 || !existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new Error(`The embedded database image ${file} is damaged: ${problems[0] ?? 'no PG_VERSION'}`);
}

/** The embedded database's folder under DATA_DIR. */
export const embeddedDatabaseFolder = (dataDir: string) => path.join(dataDir, 'db');

/** No embedded database there yet: the folder is missing or empty. */
export const isNewDatabaseFolder = (folder: string) =>
  !existsSync(folder) || readdirSync(folder).length === 0;

/**
 * The database in dataDir: opened when it exists. A new one (no folder, or an empty one) is unpacked
 * from the image when there is one, else created. An image that does not open (made by another
 * PGlite, or damaged) is not fatal: what it unpacked is removed (the folder was empty) and the
 * database is created instead.
 */
export async function openPgliteFromTemplate(
  dataDir: string,
  {
    templateFile = PGLITE_TEMPLATE_FILE,
    onTemplateError,
    ...options
  }: PgliteOptions & { templateFile?: string; onTemplateError?: (err: unknown) => void } = {},
): Promise<PGlite> {
  const isNew = isNewDatabaseFolder(dataDir);
  if (!isNew || !existsSync(templateFile)) return openPglite(dataDir, options);
  try {
    await unpackImage(templateFile, dataDir);
    return await openPglite(dataDir, options);
  } catch (err) {
    onTemplateError?.(err);
    rmSync(dataDir, { recursive: true, force: true });
    return openPglite(dataDir, options);
  }
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
    pool,
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
  /** The embedded database's image did not open, and a new database was created instead. */
  onTemplateError?: (err: unknown) => void;
  pgliteBuffersMb?: number;
  queryTimeoutMs?: number;
}) {
  if (opts.databaseUrl)
    return databaseFromUrl(opts.databaseUrl, {
      onIdleError: opts.onIdleError,
      queryTimeoutMs: opts.queryTimeoutMs,
    });
  return databaseFromPglite(
    await openPgliteFromTemplate(embeddedDatabaseFolder(opts.dataDir), {
      onTemplateError: opts.onTemplateError,
      buffersMb: opts.pgliteBuffersMb,
    }),
  );
}
