// Applies the app's own migrations (apps/server/src/db/migrate.ts) to a PostgreSQL database or a
// PGlite folder, through tsx: `migrateUrl(url)` / `migratePglite(dir)`.
import { tsImport } from 'tsx/esm/api';

const load = async (rel) => tsImport(new URL(rel, import.meta.url).href, import.meta.url);

export async function migrateUrl(url) {
  const { databaseFromUrl } = await load('../../apps/server/src/db/database.ts');
  const { migrate } = await load('../../apps/server/src/db/migrate.ts');
  const database = databaseFromUrl(url, { poolSize: 1 });
  try {
    return await migrate(database.db);
  } finally {
    await database.close();
  }
}

export async function openMigratedPglite(dir) {
  const { openPglite, databaseFromPglite } = await load('../../apps/server/src/db/database.ts');
  const { migrate } = await load('../../apps/server/src/db/migrate.ts');
  const pglite = await openPglite(dir);
  const database = databaseFromPglite(pglite);
  await migrate(database.db);
  return { pglite, database };
}
