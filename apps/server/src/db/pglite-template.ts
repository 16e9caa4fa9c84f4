import { writeFileSync } from 'node:fs';
import { databaseFromPglite, openPglite, PGLITE_TEMPLATE_FILE } from './database';
import { migrate } from './migrate';

/**
 * Makes the image a new embedded database starts from (see PGLITE_TEMPLATE_FILE): a new in-memory
 * database, migrated, dumped as a tar. Its migrations' applied_at is the build's time.
 */
export async function writePgliteTemplate(file = PGLITE_TEMPLATE_FILE): Promise<number> {
  const pglite = await openPglite(undefined);
  try {
    await migrate(databaseFromPglite(pglite).db);
    const image = await pglite.dumpDataDir('none');
    const bytes = Buffer.from(await image.arrayBuffer());
    writeFileSync(file, bytes);
    return bytes.length;
  } finally {
    await pglite.close();
  }
}
