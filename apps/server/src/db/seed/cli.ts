import pino from 'pino';
import { loadConfig } from '../../config';
import { openDatabase } from '../database';
import { migrate } from '../migrate';
import { seedIfEmpty } from './seed';

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
  const seeded = await seedIfEmpty(database.db);
  if (seeded) log.info(seeded, 'demo content seeded');
  else log.info('the database already has members; nothing seeded');
} finally {
  await database.close();
}
