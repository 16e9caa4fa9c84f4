// npm run fuzz: the property-based fuzz of every route (apps/server/test/hostile-routes.test.ts)
// with 1,000 generated requests per route instead of CI's 60, on PGlite (or on PostgreSQL when
// TEST_DATABASE_URL is set), and its figures written to bench/results/<date>-fuzz.md. HOSTILE_PAYLOADS and
// HOSTILE_SEED change the count and the seed; a failure prints its route, seed and request.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from '../lib/harness.mjs';
import { appendResults } from '../lib/results.mjs';

const payloads = Number(process.env.HOSTILE_PAYLOADS ?? 1000);
const seed = Number(process.env.HOSTILE_SEED ?? 20261125);
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const folder = mkdtempSync(path.join(tmpdir(), 'jamii-fuzz-'));
const summaryFile = path.join(folder, 'summary.json');

const started = Date.now();
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'integration', 'apps/server/test/hostile-routes.test.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      HOSTILE_PAYLOADS: String(payloads),
      HOSTILE_SEED: String(seed),
      HOSTILE_SUMMARY: summaryFile,
    },
  },
);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);

if (!existsSync(summaryFile)) {
  rmSync(folder, { recursive: true, force: true });
  console.error('The fuzz ended before it wrote its figures (see above).');
  process.exit(run.status || 1);
}
const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
rmSync(folder, { recursive: true, force: true });

const fewestPassing = [...summary.perRoute]
  .sort((a, b) => a.ok - b.ok)
  .slice(0, 5)
  .map((r) => `${r.route} (${r.ok})`)
  .join(', ');
appendResults(
  'fuzz',
  `fuzz — generated hostile and edge requests on every route (${database})`,
  `npm run fuzz (HOSTILE_PAYLOADS=${payloads}, HOSTILE_SEED=${seed})`,
  [
    {
      routes: summary.routes,
      'requests per route': summary.payloadsPerRoute,
      requests: summary.sent,
      '2xx/3xx': summary.ok,
      '4xx': summary.refused,
      '5xx': summary.errors,
      failures: summary.failures,
      minutes,
    },
  ],
  [
    'Failures count every answer with a 5xx, a stack trace or database error, SQL in an error, an error without `{code, message}`, a refused request that changed a table, or a polluted `Object.prototype`.',
    `Routes whose generated requests passed least often (2xx/3xx of ${summary.payloadsPerRoute}): ${fewestPassing}.`,
  ],
);
console.log(
  `fuzz: ${summary.sent} requests on ${summary.routes} routes, ${summary.errors} 5xx, ${summary.failures} failures (${minutes} min)`,
);
process.exit(run.status ?? 1);
