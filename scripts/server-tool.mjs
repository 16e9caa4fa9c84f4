// `npm run seed`, `npm run admin`, `npm run storage:migrate`, `npm run worker`, `npm run backup` and
// `npm run restore`: the server's tools, run from its bundle in apps/server/dist, so they work in a
// production install (`npm ci --omit=dev`: no tsx, no esbuild). In a full install the bundle is first
// rebuilt when it is missing or older than the sources.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { newestMtime, root, run, runForwardingSignals, serverEnv } from './lib.mjs';

// `worker` is the server itself with ROLE=worker: it runs background jobs and answers no requests.
const TOOLS = {
  seed: 'seed.js',
  admin: 'admin.js',
  'storage-migrate': 'storage-migrate.js',
  backup: 'backup.js',
  restore: 'backup.js',
  worker: 'main.js',
};
const SOURCES = ['packages/shared/src', 'apps/server/src', 'apps/server/build.mjs'];

const [tool, ...args] = process.argv.slice(2);
if (!Object.hasOwn(TOOLS, tool)) {
  console.error(`usage: node scripts/server-tool.mjs ${Object.keys(TOOLS).join('|')} [arguments]`);
  process.exit(2);
}
const bundle = path.join(root, 'apps/server/dist', TOOLS[tool]);
const canBuild = existsSync(path.join(root, 'node_modules/esbuild/package.json'));
const stale = !existsSync(bundle) || newestMtime(SOURCES) > statSync(bundle).mtimeMs;
if (stale && canBuild) {
  const code = await run('npm', ['run', 'build', '-w', '@jamii/server']);
  if (code !== 0) process.exit(code);
} else if (!existsSync(bundle)) {
  console.error(`${path.relative(root, bundle)} is missing: run \`npm run build\` in a full install first.`);
  process.exit(1);
}
// backup.js does both `backup` and `restore`: it is told which.
const toolArgs = TOOLS[tool] === 'backup.js' ? [tool, ...args] : args;
runForwardingSignals(process.execPath, [bundle, ...toolArgs], {
  env: tool === 'worker' ? serverEnv({ ...process.env, ROLE: 'worker' }) : process.env,
});
