import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfigForCli } from '../config';
import { copyObjects, type MigrationProgress } from './storage-migrate';
import { localObjectStores, openObjectStores } from './storage';

// `npm run storage:migrate [-- --from FOLDER]`: copies a data folder's media/ and private/ (DATA_DIR
// by default) into the bucket of STORAGE_URL, under the same keys, so /media/… URLs and CV keys in
// the database find their files there. Prints progress every few seconds and a summary; exits 1 when
// a file could not be copied (run it again: what is there already is skipped).

const PROGRESS_EVERY_MS = 2_000;
const log = pino();

async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' } } });
  const config = loadConfigForCli((message) => log.error(message));
  if (!config) return 2;
  if (config.storage.driver !== 's3') {
    log.error('STORAGE_URL is not set: name the bucket to copy into (s3://bucket?endpoint=…&region=…)');
    return 2;
  }
  const folder = path.resolve(values.from ?? config.dataDir);
  if (!existsSync(folder)) {
    log.error({ folder }, 'no such folder to copy from');
    return 2;
  }
  const from = localObjectStores(folder);
  const to = await openObjectStores(config);
  let failed = 0;
  for (const kind of ['media', 'private'] as const) {
    log.info({ from: from[kind].location, to: to[kind].location }, `copying ${kind} files`);
    let last = Date.now();
    const progress = (p: MigrationProgress) => {
      if (Date.now() - last < PROGRESS_EVERY_MS) return;
      last = Date.now();
      log.info({ ...p, megabytes: Math.round(p.bytes / 1e5) / 10 }, `${kind}: ${p.seen} files looked at`);
    };
    const report = await copyObjects(from[kind], to[kind], progress);
    for (const failure of report.failures) log.error(failure, 'could not copy');
    failed += report.failed;
    log.info(
      {
        copied: report.copied,
        skipped: report.skipped,
        failed: report.failed,
        megabytes: Math.round(report.bytes / 1e5) / 10,
      },
      `${kind}: ${report.copied} copied, ${report.skipped} already there, ${report.failed} failed`,
    );
  }
  to.close();
  return failed > 0 ? 1 : 0;
}

process.exitCode = await main();
