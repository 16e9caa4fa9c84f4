import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseConfig, type Config } from '../config';
import { adminQuery, withDatabase } from '../test/postgres-template';
import { testDatabaseKind } from '../test/test-database';
import { backup, BackupError, restore } from './backup';
import { databaseFromPglite, databaseFromUrl, openPglite, PGLITE_EXTENSIONS } from './database';
import { migrate } from './migrate';
import { seedIfEmpty } from '../seed/seed';

// `npm run backup` / `npm run restore` on both databases: a seeded database with media is backed up,
// restored into a fresh one, and every table holds the same rows (count and checksum of its rows as
// text); the media come back byte for byte; a restore over something that exists is refused unless
// forced.

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Rows and a checksum (md5 of the rows as text, in order) of every table of the public schema. */
async function fingerprints(query: Query): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const tables = await query(`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  for (const row of tables.rows) {
    const table = `public."${String(row.name)}"`;
    const { rows } = await query(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as sum from ${table} t`,
    );
    out[String(row.name)] = `${String(rows[0]!.n)} rows, md5 ${String(rows[0]!.sum)}`;
  }
  return out;
}

/** One known password for the demo accounts: the seed then prints none. */
const SEED_PASSWORD = 'Backup-Test-Pass-42!';
const NOW = new Date('2026-11-25T21:05:09.123Z');
const AVATAR = Buffer.from('RIFF-not-really-a-webp-but-bytes-are-bytes');
const CV = Buffer.from('%PDF-1.4 CV ya Amina');

function settings(dataDir: string, databaseUrl?: string): Config {
  return parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    // Nothing answers there: the check for a running server finds none.
    PORT: '1',
  });
}

function putFiles(dataDir: string) {
  mkdirSync(path.join(dataDir, 'media/avatars'), { recursive: true });
  mkdirSync(path.join(dataDir, 'private/cvs'), { recursive: true });
  writeFileSync(path.join(dataDir, 'media/avatars/amina.webp'), AVATAR);
  writeFileSync(path.join(dataDir, 'private/cvs/amina.pdf'), CV);
}

function expectFiles(dataDir: string) {
  expect(readFileSync(path.join(dataDir, 'media/avatars/amina.webp'))).toEqual(AVATAR);
  expect(readFileSync(path.join(dataDir, 'private/cvs/amina.pdf'))).toEqual(CV);
}

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'jamii-backup-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('backup and restore of the embedded database', () => {
  it('restores every row of every table and every file into a fresh data folder', async () => {
    // Seeded in memory, then written to a data folder as PGlite loads a dump: an initdb on the disk
    // costs several times more.
    const source = path.join(work, 'source');
    const pglite = await openPglite(undefined);
    const database = databaseFromPglite(pglite);
    await migrate(database.db);
    await seedIfEmpty(database.db, { password: SEED_PASSWORD });
    const before = await fingerprints((text) => pglite.query(text));
    const image = await pglite.dumpDataDir('none');
    await database.close();
    mkdirSync(path.join(source, 'db'), { recursive: true });
    await (
      await PGlite.create({
        dataDir: path.join(source, 'db'),
        loadDataDir: image,
        extensions: PGLITE_EXTENSIONS,
      })
    ).close();
    putFiles(source);
    // The seed fills most tables: the comparison is not of empty tables.
    expect(Object.values(before).filter((v) => !v.startsWith('0 rows')).length).toBeGreaterThan(5);

    const { file, manifest } = await backup(settings(source), path.join(work, 'out'), NOW);
    expect(path.basename(file)).toBe('jamii-backup-pglite-2026-11-25T21-05-09Z.tar');
    expect(manifest.files).toEqual(['media', 'private']);

    const target = path.join(work, 'target');
    const result = await restore(settings(target), file);
    expect(result).toMatchObject({ kind: 'pglite', movedAside: [] });
    expect(result.tables).toBe(Object.keys(before).length);
    const restored = await openPglite(path.join(target, 'db'));
    try {
      expect(await fingerprints((text) => restored.query(text))).toEqual(before);
    } finally {
      await restored.close();
    }
    expectFiles(target);

    // Over a database that holds something: refused, untouched; with force, replaced (the old one
    // moved aside, not deleted).
    await expect(restore(settings(target), file)).rejects.toThrow(BackupError);
    await expect(restore(settings(target), file)).rejects.toThrow(/not empty: .*pass --force/);
    const forced = await restore(settings(target), file, {
      force: true,
      now: new Date(NOW.getTime() + 1000),
    });
    expect(forced.movedAside.map((p) => path.basename(p)).sort()).toEqual([
      'db.replaced-2026-11-25T21-05-10Z',
      'media.replaced-2026-11-25T21-05-10Z',
      'private.replaced-2026-11-25T21-05-10Z',
    ]);
    expectFiles(target);

    // Not while a server uses the embedded database (it is one process's).
    const running = createServer((_req, res) => res.end('{"status":"ok"}'));
    await new Promise<void>((resolve) => running.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((running.address() as AddressInfo).port);
      const live = { ...settings(source), port: Number(port) };
      await expect(backup(live, path.join(work, 'out'))).rejects.toThrow(
        `a server answers on port ${port}: stop it first`,
      );
      await expect(restore({ ...live, dataDir: target }, file, { force: true })).rejects.toThrow(
        /stop it first/,
      );
    } finally {
      await new Promise((resolve) => running.close(resolve));
    }

    // A new install has no media yet: its backup holds the database alone, and restores.
    rmSync(path.join(source, 'media'), { recursive: true });
    rmSync(path.join(source, 'private'), { recursive: true });
    const bare = await backup(settings(source), path.join(work, 'out-bare'), NOW);
    expect(bare.manifest.files).toEqual([]);
    const bareTarget = path.join(work, 'bare-target');
    expect(await restore(settings(bareTarget), bare.file)).toMatchObject({
      kind: 'pglite',
      tables: Object.keys(before).length,
      movedAside: [],
    });

    // A PGlite backup is not restored into PostgreSQL by mistake.
    await expect(
      restore(settings(path.join(work, 'other'), 'postgres://postgres@127.0.0.1:1/none'), file),
    ).rejects.toThrow(/backup is of the embedded database/);
    // Eight PGlite instances (each a WASM start): about 20 s on a quiet machine.
  }, 120_000);
});

if (testDatabaseKind() === 'postgres') {
  describe('backup and restore of PostgreSQL', () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    // Names with the run's prefix, so the run's teardown and leftover check find them.
    const prefix = inject('postgresTemplate')!.slice(0, -'tpl'.length);
    const sourceName = `${prefix}bks${randomBytes(4).toString('hex')}`;
    const targetName = `${prefix}bkt${randomBytes(4).toString('hex')}`;
    afterAll(async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${sourceName} WITH (FORCE)`);
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`);
    });

    const onDatabase = async <T>(name: string, use: (query: Query) => Promise<T>) => {
      const client = new pg.Client({ connectionString: withDatabase(adminUrl, name) });
      await client.connect();
      try {
        return await use((text) => client.query(text));
      } finally {
        await client.end();
      }
    };

    it('restores every row of every table into a fresh database, and refuses a full one unless forced', async () => {
      await adminQuery(adminUrl, `CREATE DATABASE ${sourceName} TEMPLATE ${inject('postgresTemplate')!}`);
      await adminQuery(adminUrl, `CREATE DATABASE ${targetName}`);
      const database = databaseFromUrl(withDatabase(adminUrl, sourceName), { poolSize: 2 });
      try {
        await seedIfEmpty(database.db, { password: SEED_PASSWORD });
      } finally {
        await database.close();
      }
      const before = await onDatabase(sourceName, fingerprints);
      expect(Object.values(before).filter((v) => !v.startsWith('0 rows')).length).toBeGreaterThan(5);
      const sourceDir = path.join(work, 'pg-source');
      putFiles(sourceDir);

      const { file } = await backup(
        settings(sourceDir, withDatabase(adminUrl, sourceName)),
        path.join(work, 'pg-out'),
        NOW,
      );
      expect(path.basename(file)).toBe('jamii-backup-postgres-2026-11-25T21-05-09Z.tar');

      const targetDir = path.join(work, 'pg-target');
      const into = settings(targetDir, withDatabase(adminUrl, targetName));
      const result = await restore(into, file);
      expect(result.tables).toBe(Object.keys(before).length);
      expect(await onDatabase(targetName, fingerprints)).toEqual(before);
      expectFiles(targetDir);

      await expect(restore(into, file)).rejects.toThrow(/not empty: the database .*pass --force/);
      // Forced over a database that has changed since: it comes back to the backup's rows exactly.
      await onDatabase(targetName, (query) => query(`delete from notifications`));
      await restore(into, file, { force: true, now: new Date(NOW.getTime() + 1000) });
      expect(await onDatabase(targetName, fingerprints)).toEqual(before);
    }, 60_000);
  });
}
