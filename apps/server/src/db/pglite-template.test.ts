import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseFromPglite, openPgliteFromTemplate } from './database';
import { migrate, readMigrations } from './migrate';
import { writePgliteTemplate } from './pglite-template';

// A new embedded database starts from the image the build makes (dist/pglite-template.tar): here
// the same image is made into a folder of the test's own.

describe("a new embedded database from the build's image", () => {
  let dir: string;
  let image: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'jamii-template-'));
    image = path.join(dir, 'pglite-template.tar');
    await writePgliteTemplate(image);
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function withDatabase<T>(
    dataDir: string,
    options: Parameters<typeof openPgliteFromTemplate>[1],
    use: (pglite: Awaited<ReturnType<typeof openPgliteFromTemplate>>) => Promise<T>,
  ) {
    const pglite = await openPgliteFromTemplate(dataDir, options);
    try {
      return await use(pglite);
    } finally {
      await pglite.close();
    }
  }

  it('starts with every migration applied, takes writes, and has the shared buffers asked for', async () => {
    await withDatabase(path.join(dir, 'new'), { templateFile: image, buffersMb: 24 }, async (pglite) => {
      const names = await pglite.query<{ name: string }>('select name from schema_migrations order by name');
      expect(names.rows.map((r) => r.name)).toEqual(readMigrations().map((m) => m.name));
      expect(await migrate(databaseFromPglite(pglite).db)).toEqual([]);
      await pglite.query(
        "insert into users (username, name, email, password_hash) values ('@new_member', 'New', 'new@example.com', 'x')",
      );
      expect((await pglite.query('select count(*)::int as n from users')).rows).toEqual([{ n: 1 }]);
      expect((await pglite.query('show shared_buffers')).rows).toEqual([{ shared_buffers: '24MB' }]);
    });
  });

  it('opens an existing database as it is, never unpacking the image over it', async () => {
    const dataDir = path.join(dir, 'existing');
    await withDatabase(dataDir, { templateFile: image }, (pglite) =>
      pglite.query(
        "insert into users (username, name, email, password_hash) values ('@kept', 'Kept', 'kept@example.com', 'x')",
      ),
    );
    const rows = await withDatabase(dataDir, { templateFile: image }, async (pglite) =>
      (await pglite.query<{ username: string }>('select username from users')).rows.map((r) => r.username),
    );
    expect(rows).toEqual(['@kept']);
  });

  it('with a damaged image: says so, removes what it unpacked and creates the database instead', async () => {
    const damaged = path.join(dir, 'damaged.tar');
    writeFileSync(damaged, 'not an archive '.repeat(100));
    const onTemplateError = vi.fn();
    const dataDir = path.join(dir, 'from-damaged');
    const applied = await withDatabase(dataDir, { templateFile: damaged, onTemplateError }, (pglite) =>
      migrate(databaseFromPglite(pglite).db),
    );
    expect(onTemplateError).toHaveBeenCalledTimes(1);
    // A database created from nothing: every migration was still to apply.
    expect(applied).toEqual(readMigrations().map((m) => m.name));
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
  });

  it('leaves a folder that holds other files to PGlite, image or not', async () => {
    const dataDir = path.join(dir, 'not-empty');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'notes.txt'), 'not a database');
    const onTemplateError = vi.fn();
    const applied = await withDatabase(dataDir, { templateFile: image, onTemplateError }, (pglite) =>
      migrate(databaseFromPglite(pglite).db),
    );
    expect(onTemplateError).not.toHaveBeenCalled();
    expect(applied).toEqual(readMigrations().map((m) => m.name));
    expect(existsSync(path.join(dataDir, 'notes.txt'))).toBe(true);
  });
});
