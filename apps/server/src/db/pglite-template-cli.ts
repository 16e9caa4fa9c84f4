// Run by the build (build.mjs) once main.js is bundled: writes dist/pglite-template.tar.
import path from 'node:path';
import { PGLITE_TEMPLATE_FILE } from './database';
import { writePgliteTemplate } from './pglite-template';

const started = performance.now();
const bytes = await writePgliteTemplate();
process.stdout.write(
  `${path.relative(process.cwd(), PGLITE_TEMPLATE_FILE)}: ${(bytes / 1024 / 1024).toFixed(1)} MiB in ${Math.round(performance.now() - started)} ms\n`,
);
