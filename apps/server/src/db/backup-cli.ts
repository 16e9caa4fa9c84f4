import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfigForCli } from '../config';
import { backup, BackupError, restore } from './backup';

// `npm run backup [-- --out FOLDER]` and `npm run restore -- FILE [--force]` (README, Backups), for
// the database the settings name (DATABASE_URL, or the embedded one under DATA_DIR) and DATA_DIR's
// media. Exits 2 on a refusal or a wrong use, 1 when something failed.

const log = pino();
const USAGE = 'usage: npm run backup [-- --out FOLDER]   |   npm run restore -- FILE [--force]';

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const config = loadConfigForCli((message) => log.error(message));
  if (!config) return 2;
  try {
    if (command === 'backup') {
      const { values } = parseArgs({ args: rest, options: { out: { type: 'string' } } });
      const outDir = path.resolve(values.out ?? 'backups');
      const { file, manifest } = await backup(config, outDir);
      const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
      log.info(
        {
          file,
          database: manifest.kind,
          tables: Object.keys(manifest.tables).length,
          rows,
          files: manifest.files,
        },
        manifest.files === 'bucket'
          ? 'backup written; media stay in the bucket (its versioning or replication keeps them)'
          : 'backup written',
      );
      return 0;
    }
    if (command === 'restore') {
      const { values, positionals } = parseArgs({
        args: rest,
        options: { force: { type: 'boolean', default: false } },
        allowPositionals: true,
      });
      if (positionals.length !== 1) {
        log.error(USAGE);
        return 2;
      }
      const result = await restore(config, path.resolve(positionals[0]!), { force: values.force });
      log.info(result, 'restored: every table has the rows the backup counted');
      return 0;
    }
    log.error(USAGE);
    return 2;
  } catch (err) {
    if (err instanceof BackupError) {
      log.error(err.message);
      return 2;
    }
    log.error({ err }, `${command} failed`);
    return 1;
  }
}

process.exitCode = await main();
