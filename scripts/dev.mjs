// `npm run dev`: the server with reload on change, and Vite's dev server (with its proxy to the API).
// Both run with the settings of the root `.env` (if present) and the environment: the server from the
// repository root, so DATA_DIR's default `./data` is the same folder as `npm start`'s, and Vite's
// proxy sends /api to the server's PORT.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const envFile = path.join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

const children = [
  spawn(path.join(root, 'node_modules/.bin/tsx'), ['watch', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
  }),
  // Vite itself rather than through npm, which does not pass SIGTERM on to it.
  spawn(path.join(root, 'node_modules/.bin/vite'), [], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
children.forEach((c) =>
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  }),
);
