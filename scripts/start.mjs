// `npm start`: builds what is missing or out of date, then serves the whole product.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { newestMtime, root, run, runForwardingSignals, serverEnv } from './lib.mjs';

const SOURCES = [
  'packages/shared/src',
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
];
const OUTPUTS = ['apps/server/dist/main.js', 'apps/web/dist/index.html'].map((p) => path.join(root, p));

const built = OUTPUTS.every((p) => existsSync(p));
const oldestOutput = built ? Math.min(...OUTPUTS.map((p) => statSync(p).mtimeMs)) : 0;
if (!built || newestMtime(SOURCES) > oldestOutput) {
  console.log('Building the web app and the server (once, and again after source changes)...');
  const code = await run('npm', ['run', 'build']);
  if (code !== 0) process.exit(code);
}
runForwardingSignals(process.execPath, ['apps/server/dist/main.js'], { env: serverEnv() });
