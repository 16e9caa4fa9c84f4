import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config';
import { embeddedDatabaseFolder, openPglite, PGLITE_EXTENSIONS } from './database';

// `npm run backup` and `npm run restore` (README, Backups): one tar file holding the database (a
// pg_dump archive for PostgreSQL, PGlite's own data-folder dump for the embedded one), the local
// media and private files, and backup.json with the row count of every table, so a restore can
// prove it found every row. A bucket (STORAGE_URL) is not copied: its versioning and replication are
// the store's job.

export class BackupError extends Error {
  override name = 'BackupError';
}

export type DatabaseKind = 'postgres' | 'pglite';

interface Manifest {
  format: 1;
  kind: DatabaseKind;
  createdAt: string;
  /** Rows per table of the public schema, counted in the snapshot that was dumped. */
  tables: Record<string, number>;
  /** Which of media/ and private/ the file holds; 'bucket' when the files live in S3. */
  files: ('media' | 'private')[] | 'bucket';
}

const MANIFEST = 'backup.json';
const PG_ARCHIVE = 'database.dump';
const PGLITE_ARCHIVE = 'database.tar.gz';
const FILE_FOLDERS = ['media', 'private'] as const;
const TABLES_SQL = `select table_name as name from information_schema.tables
  where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`;

const kindOf = (config: Config): DatabaseKind => (config.databaseUrl ? 'postgres' : 'pglite');
const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Runs a program (never through a shell); rejects with its stderr when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new BackupError(`${command} is not installed (Debian: apt-get install postgresql-client)`)
          : err,
      ),
    );
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${command} failed: ${stderr.trim() || `exit ${code}`}`)),
    );
  });
}

/** The URL without its password, and the password in PGPASSWORD: nothing secret in `ps`. */
function pgToolTarget(url: string) {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return {
    url: u.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

async function countRows(query: Query): Promise<Record<string, number>> {
  const tables: Record<string, number> = {};
  for (const row of (await query(TABLES_SQL)).rows) {
    const name = String(row.name);
    const counted = await query(`select count(*)::int as n from public.${quoteIdent(name)}`);
    tables[name] = Number(counted.rows[0]!.n);
  }
  return tables;
}

/**
 * The embedded database is one process's: a server using it while another process opens its folder
 * would corrupt it. A server answering on this configuration's port means: stop it first.
 */
async function refuseWhileServing(config: Config): Promise<void> {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/api/health`;
  const serving = await fetch(url, { signal: AbortSignal.timeout(1_000) }).then(
    (res) => res.ok,
    () => false,
  );
  if (serving)
    throw new BackupError(
      `a server answers on port ${config.port}: stop it first (the embedded database is one process's)`,
    );
}

const hasFiles = (folder: string) => existsSync(folder) && readdirSync(folder).length > 0;

/**
 * Writes `jamii-backup-<kind>-<UTC date and time>.tar` into `outDir` and answers its path. PostgreSQL
 * is dumped live (one snapshot for the dump and the counts); PGlite must not be open in a running
 * server (it is one process's database): stop the server first.
 */
export async function backup(
  config: Config,
  outDir: string,
  now = new Date(),
): Promise<{ file: string; manifest: Manifest }> {
  const kind = kindOf(config);
  mkdirSync(outDir, { recursive: true });
  const file = path.resolve(outDir, `jamii-backup-${kind}-${stamp(now)}.tar`);
  if (existsSync(file)) throw new BackupError(`${file} exists already`);
  const staging = path.resolve(outDir, `.backup-${stamp(now)}-${process.pid}`);
  mkdirSync(staging, { recursive: true });
  try {
    let tables: Record<string, number>;
    if (config.databaseUrl) {
      const client = new pg.Client({ connectionString: config.databaseUrl });
      await client.connect();
      try {
        // The counts and pg_dump read the same snapshot, so the counts describe the dump exactly.
        await client.query('begin isolation level repeatable read, read only');
        const snapshot = String((await client.query('select pg_export_snapshot() as s')).rows[0].s);
        tables = await countRows((text) => client.query(text));
        const target = pgToolTarget(config.databaseUrl);
        await run(
          'pg_dump',
          [
            '--format=custom',
            '--no-owner',
            '--no-privileges',
            `--snapshot=${snapshot}`,
            `--file=${path.join(staging, PG_ARCHIVE)}`,
            `--dbname=${target.url}`,
          ],
          target.env,
        );
        await client.query('commit');
      } finally {
        await client.end();
      }
    } else {
      const dataDir = embeddedDatabaseFolder(config.dataDir);
      await refuseWhileServing(config);
      if (!existsSync(path.join(dataDir, 'PG_VERSION')))
        throw new BackupError(`no embedded database in ${dataDir}`);
      const pglite = await openPglite(dataDir);
      try {
        tables = await countRows((text) => pglite.query(text));
        const dump = await pglite.dumpDataDir('gzip');
        writeFileSync(path.join(staging, PGLITE_ARCHIVE), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await pglite.close();
      }
    }
    const files =
      config.storage.driver === 's3'
        ? ('bucket' as const)
        : FILE_FOLDERS.filter((folder) => hasFiles(path.join(config.dataDir, folder)));
    const manifest: Manifest = { format: 1, kind, createdAt: now.toISOString(), tables, files };
    writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const database = kind === 'postgres' ? PG_ARCHIVE : PGLITE_ARCHIVE;
    // GNU tar refuses a -C that names no file after it: a new install has no media yet.
    const media = files === 'bucket' || files.length === 0 ? [] : ['-C', config.dataDir, ...files];
    await run('tar', ['-cf', file, '-C', staging, MANIFEST, database, ...media]);
    return { file, manifest };
  } catch (err) {
    rmSync(file, { force: true });
    throw err;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

export interface RestoreResult {
  kind: DatabaseKind;
  tables: number;
  rows: number;
  files: Manifest['files'];
  /** What --force moved aside instead of deleting (PGlite data folder, media folders). */
  movedAside: string[];
}

/**
 * Restores a file made by `backup` into the configured database (and DATA_DIR's media/ and
 * private/), then checks every table's row count against the backup. A database or media folder
 * that already holds something is refused unless `force`: PostgreSQL's public schema is then
 * dropped first, PGlite's data folder and the media folders are moved aside (`*.replaced-<date>`).
 */
export async function restore(
  config: Config,
  file: string,
  opts: { force?: boolean; now?: Date } = {},
): Promise<RestoreResult> {
  const now = opts.now ?? new Date();
  const kind = kindOf(config);
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  mkdirSync(config.dataDir, { recursive: true });
  const staging = path.join(config.dataDir, `.restore-${stamp(now)}-${process.pid}`);
  mkdirSync(staging, { recursive: true });
  const movedAside: string[] = [];
  const moveAside = (target: string) => {
    const aside = `${target}.replaced-${stamp(now)}`;
    renameSync(target, aside);
    movedAside.push(aside);
  };
  try {
    await run('tar', ['-xf', path.resolve(file), '-C', staging]);
    if (!existsSync(path.join(staging, MANIFEST))) throw new BackupError(`${file} is not a Jamii backup`);
    const manifest = JSON.parse(readFileSync(path.join(staging, MANIFEST), 'utf8')) as Manifest;
    if (manifest.format !== 1) throw new BackupError(`unknown backup format ${String(manifest.format)}`);
    if (manifest.kind !== kind)
      throw new BackupError(
        manifest.kind === 'postgres'
          ? 'this backup is of PostgreSQL: set DATABASE_URL to the database to restore into'
          : 'this backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR',
      );
    const folders = manifest.files === 'bucket' ? [] : manifest.files;

    // Refuse before touching anything.
    if (!config.databaseUrl) await refuseWhileServing(config);
    const occupied: string[] = [];
    const dataDir = embeddedDatabaseFolder(config.dataDir);
    let pgNotEmpty = false;
    if (config.databaseUrl) {
      const client = new pg.Client({ connectionString: config.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query(
          `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
        );
        pgNotEmpty = Number(rows[0].n) > 0;
        if (pgNotEmpty) occupied.push(`the database ${new URL(config.databaseUrl).pathname.slice(1)}`);
      } finally {
        await client.end();
      }
    } else if (hasFiles(dataDir)) occupied.push(dataDir);
    for (const folder of folders) {
      const target = path.join(config.dataDir, folder);
      if (hasFiles(target)) occupied.push(target);
    }
    if (occupied.length > 0 && !opts.force)
      throw new BackupError(
        `not empty: ${occupied.join(', ')}. a restore replaces what is there; pass --force if you mean it`,
      );

    let tables: Record<string, number>;
    if (config.databaseUrl) {
      if (pgNotEmpty) {
        const client = new pg.Client({ connectionString: config.databaseUrl });
        await client.connect();
        try {
          await client.query('drop schema public cascade; create schema public');
        } finally {
          await client.end();
        }
      }
      const target = pgToolTarget(config.databaseUrl);
      await run(
        'pg_restore',
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          `--dbname=${target.url}`,
          path.join(staging, PG_ARCHIVE),
        ],
        target.env,
      );
      const client = new pg.Client({ connectionString: config.databaseUrl });
      await client.connect();
      try {
        tables = await countRows((text) => client.query(text));
      } finally {
        await client.end();
      }
    } else {
      if (existsSync(dataDir)) {
        if (hasFiles(dataDir)) moveAside(dataDir);
        else rmSync(dataDir, { recursive: true, force: true });
      }
      mkdirSync(dataDir, { recursive: true });
      const dump = new Blob([readFileSync(path.join(staging, PGLITE_ARCHIVE))]);
      const pglite = await PGlite.create({
        dataDir,
        loadDataDir: dump,
        extensions: PGLITE_EXTENSIONS,
      });
      try {
        tables = await countRows((text) => pglite.query(text));
      } finally {
        await pglite.close();
      }
    }

    for (const folder of folders) {
      const target = path.join(config.dataDir, folder);
      if (existsSync(target)) {
        if (hasFiles(target)) moveAside(target);
        else rmSync(target, { recursive: true, force: true });
      }
      renameSync(path.join(staging, folder), target);
    }

    const wrong = Object.entries(manifest.tables)
      .filter(([name, count]) => tables[name] !== count)
      .map(([name, count]) => `${name}: ${String(tables[name] ?? 'missing')} of ${count}`);
    if (wrong.length > 0)
      throw new BackupError(`the restored database differs from the backup: ${wrong.join('; ')}`);
    return {
      kind,
      tables: Object.keys(manifest.tables).length,
      rows: Object.values(manifest.tables).reduce((a, b) => a + b, 0),
      files: manifest.files,
      movedAside,
    };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
