// The server the Playwright tests drive: the built product on its embedded defaults, a fresh data
// folder with the demo content, limits off (the tests log in many times from one address).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { root, runForwardingSignals, serverEnv } from './lib.mjs';

/** Keep in step with DEMO_PASSWORD in e2e/helpers.ts: a password for this harness only. */
const E2E_DEMO_PASSWORD = 'E2e-Harness-Only-Pass-42!';

// One folder per port, so runs on different ports never wipe each other's database.
const dataDir = path.join(root, `.data-e2e-${process.env.PORT ?? '3199'}`);
rmSync(dataDir, { recursive: true, force: true });
runForwardingSignals(process.execPath, ['apps/server/dist/main.js'], {
  env: serverEnv({
    ...process.env,
    DATABASE_URL: '',
    REDIS_URL: '',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    SEED_DEMO: 'on',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAMES: '@msimamizi',
    // Only this harness gives the demo accounts one known password (e2e/helpers.ts); a real
    // install gets fresh ones, printed once by the seed.
    DEMO_PASSWORD: E2E_DEMO_PASSWORD,
  }),
});
