import pino from 'pino';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { demoAccounts, demoLoginLines, freshLogins, seedIfEmpty, type DemoAccounts } from './seed';

// `npm run seed`: fills an empty database with the demo content. A non-local PostgreSQL is refused
// unless --allow-remote is given, so production is never filled with demo members by a slip.
const log = pino();
const config = loadConfig();
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
if (config.databaseUrl) {
  const host = new URL(config.databaseUrl).hostname;
  if (!LOCAL_HOSTS.has(host) && process.argv[2] !== '--allow-remote') {
    log.error({ host }, 'refusing to seed a non-local database; pass --allow-remote if you mean it');
    process.exit(1);
  }
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(database.db);
  let accounts: Promise<DemoAccounts> | undefined;
  const seeded = await seedIfEmpty(database.db, { accounts: () => (accounts = demoAccounts()) });
  if (seeded) {
    log.info(seeded, 'demo content seeded');
    // Plain lines after the log record, never in it: the only place these passwords are shown.
    const lines = accounts ? demoLoginLines(freshLogins(await accounts)) : [];
    if (lines.length) process.stdout.write(`\n${lines.join('\n')}\n\n`);
  } else log.info('the database already has members; nothing seeded');
} finally {
  await database.close();
}
