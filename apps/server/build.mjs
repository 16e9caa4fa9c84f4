// Bundles the server (with the shared package's TypeScript) into dist/main.js and its command-line tools
// into dist/seed.js, dist/admin.js, dist/storage-migrate.js and dist/backup.js (so they run without tsx); npm packages
// stay external and load from node_modules. Migrations are copied beside them, and the image a new
// embedded database starts from is made (dist/pglite-template.tar, see db/database.ts).
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@jamii/'));

rmSync(path.join(here, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    seed: path.join(here, 'src/db/seed/cli.ts'),
    admin: path.join(here, 'src/features/users/admin-cli.ts'),
    'storage-migrate': path.join(here, 'src/platform/storage-migrate-cli.ts'),
    backup: path.join(here, 'src/db/backup-cli.ts'),
    'pglite-template': path.join(here, 'src/db/pglite-template-cli.ts'),
  },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
cpSync(path.join(here, 'src/db/migrations'), path.join(here, 'dist/migrations'), { recursive: true });
execFileSync(process.execPath, [path.join(here, 'dist/pglite-template.js')], { stdio: 'inherit' });
