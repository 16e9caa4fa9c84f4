// Bundles the server (with the shared package's TypeScript) into dist/main.js and its command-line tools
// into dist/seed.js, dist/admin.js, dist/storage-migrate.js and dist/backup.js (so they run without tsx).
// The npm packages are bundled too, but for those in KEEP_EXTERNAL. Migrations are copied beside them, and
// the image a new embedded database starts from is made (dist/pglite-template.tar, see db/database.ts).
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;

/**
 * The packages that load from node_modules at run time. One file instead of some 600 modules (each
 * resolved, stat-ed and read on its own) starts the server about 0.2 s sooner (bench/RESULTS.md,
 * 2026-11-28). These stay out: files they read beside their code (PGlite's WebAssembly, swagger-ui's
 * pages), native add-ons (argon2, sharp), pino (its worker threads load by path), the S3 client (large
 * and loaded only with S3) and pg's optional native binding. The packages loaded through
 * `createRequire` (ioredis, nodemailer, the Redis adapter, argon2, sharp) are never bundled.
 */
const KEEP_EXTERNAL = [
  '@electric-sql/pglite',
  '@fastify/swagger-ui',
  '@node-rs/argon2',
  'sharp',
  'pino',
  '@aws-sdk/client-s3',
  'pg-native',
  // Fastify's own schema compilers (Ajv and fast-json-stringify, 1.2 MB of code): never loaded, as
  // app.ts gives it the zod ones, and bundled they would be held in memory all the same.
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
];

rmSync(path.join(here, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    seed: path.join(here, 'src/seed/cli.ts'),
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
  external: [...KEEP_EXTERNAL, ...KEEP_EXTERNAL.map((name) => `${name}/*`)],
  // The bundled CommonJS packages call require() for Node's own modules: an ES module has none.
  banner: {
    js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync(path.join(here, 'src/db/migrations'), path.join(here, 'dist/migrations'), { recursive: true });
execFileSync(process.execPath, [path.join(here, 'dist/pglite-template.js')], { stdio: 'inherit' });
