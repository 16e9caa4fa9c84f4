import { normalizeUsername } from '@jamii/shared';
import pino from 'pino';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { migrate } from '../../db/migrate';
import { setRoleByUsername } from './users.repo';

// `npm run admin -- grant @name` / `npm run admin -- revoke @name`: changes a member's role.
const log = pino();
const [action, rawUsername] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !rawUsername) {
  log.error('usage: npm run admin -- grant|revoke @username');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(database.db);
  const username = normalizeUsername(rawUsername);
  const updated = await setRoleByUsername(database.db, username, action === 'grant' ? 'admin' : 'member');
  if (!updated) {
    log.error({ username }, 'no member has that username');
    process.exitCode = 1;
  } else {
    log.info(updated, action === 'grant' ? 'admin role granted' : 'admin role revoked');
    if (action === 'revoke' && config.adminUsernames.includes(username.toLowerCase())) {
      log.warn(
        { username },
        'this username is listed in ADMIN_USERNAMES and becomes admin again at the next login',
      );
    }
  }
} finally {
  await database.close();
}
