import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (file: string) => fileURLToPath(new URL(file, import.meta.url));

// Suites that test the HTTP layer over every route (the authorization matrix, the hostile-input fuzz,
// the event-loop bound) ask the database nothing a feature test does not. When `npm test` follows
// the PGlite run with a PostgreSQL one it sets JAMII_DATABASE_NEUTRAL_ELSEWHERE, and they run there
// only, in about a quarter of PGlite's time.
const DATABASE_NEUTRAL = [
  'apps/server/test/authz-matrix.test.ts',
  'apps/server/test/hostile-routes.test.ts',
  'apps/server/src/platform/event-loop.test.ts',
  'apps/server/src/platform/docs.test.ts',
  // Makes and opens embedded databases of its own, whichever database the run is on.
  'apps/server/src/db/pglite-template.test.ts',
  // Starts a server process of its own on the embedded database, whichever database the run is on.
  'apps/server/src/platform/stalled-uploads.test.ts',
];

// The integration files that ask the database most (transactions, row locks, races, the job queue),
// run again through PgBouncer in transaction mode: scripts/test.mjs sets JAMII_PGBOUNCER_TIER, so
// a plain `vitest run <file>` does not also run them there.
const THROUGH_PGBOUNCER = [
  'apps/server/test/races.test.ts',
  'apps/server/src/platform/idempotency.test.ts',
  'apps/server/src/platform/queue.test.ts',
  'apps/server/src/features/bids/bids.test.ts',
  'apps/server/src/features/posts/posts.test.ts',
];
// A file moved away would drop out of the tier without a word (races.test.ts once did).
for (const file of THROUGH_PGBOUNCER)
  if (!existsSync(fromRoot(`./${file}`)))
    throw new Error(`THROUGH_PGBOUNCER names ${file}, which does not exist`);

// Three test tiers (STYLE rule 16). Paths are relative to the repository root, where Vitest runs.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
            // The lint boundaries (eslint.config.js) proved on small made-up files.
            'eslint.config.test.ts',
            // The web build's own plugins (apps/web/precompile-messages.ts).
            'apps/web/*.test.ts',
            // The root scripts' helpers (scripts/lib.mjs) and the docs' links.
            'scripts/*.test.ts',
            // The benchmarks' helpers (bench/lib/).
            'bench/lib/*.test.ts',
          ],
          environment: 'node',
          // Vitest's default is one worker fewer than the cores: one, on CI's 2-core machine.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Typing whole forms through user-event in jsdom takes seconds on a busy 2-core machine.
          testTimeout: 20_000,
          setupFiles: ['apps/web/src/test-setup.ts'],
          // Most of a component test file's time is jsdom and imports, not the test: use both cores, and
          // let files share a worker's jsdom and modules (95 s → 21 s). Testing Library unmounts after
          // every test; state a file leaves in a module must be the app's own (data-saver.test.ts once
          // installed Kiswahili by hand, without its message table, and a later file read English).
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          // Each module's tests beside it in src/; the whole-app suites (every route, every path
          // between two members, the races) in test/.
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/*.test.ts'],
          exclude: [
            'apps/server/src/**/*.unit.test.ts',
            'apps/server/test/cluster.test.ts',
            'apps/server/test/*.cluster.test.ts',
            'apps/server/test/*.replica.test.ts',
            'apps/server/test/*.balancer.test.ts',
            ...(process.env.JAMII_DATABASE_NEUTRAL_ELSEWHERE ? DATABASE_NEUTRAL : []),
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // On PostgreSQL: one migrated template per run, dropped (with any leftover copy) at the end.
          globalSetup: [fromRoot('./apps/server/src/test/global-setup.ts')],
          // PGlite instances are heavy (WASM initdb); cap the workers on a 2-core machine. A project with
          // its own worker count runs as its own group, after the light ones.
          maxWorkers: 2,
          // Files share their worker's modules: the server's import graph is loaded, and the migrated
          // PGlite template built, once per worker instead of once per file (2.6× less CPU for this
          // tier). Each file still builds its own app on its own database; nothing here mocks modules.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Real server processes on PostgreSQL and Redis; scripts/test.mjs runs it when both are set.
        test: {
          name: 'cluster',
          include: ['apps/server/test/cluster.test.ts', 'apps/server/test/*.cluster.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 90_000,
          // Its files mostly wait on server processes they start, stop and kill: two at a time
          // (67 s → 48 s on 2 cores; Vitest's default would be one).
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // A server on a PostgreSQL primary with a streaming standby it makes itself (PostgreSQL's
        // programs must be installed: without them the tier fails); scripts/test.mjs runs it.
        test: {
          name: 'replica',
          include: ['apps/server/test/*.replica.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 3 },
        },
      },
      {
        // Three instances and a worker behind deploy/nginx.conf (nginx must be installed), on
        // TEST_DATABASE_URL and REDIS_URL; scripts/test.mjs runs it when both are set.
        test: {
          name: 'balancer',
          include: ['apps/server/test/*.balancer.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 240_000,
          sequence: { groupOrder: 4 },
        },
      },
      ...(process.env.JAMII_PGBOUNCER_TIER
        ? [
            {
              test: {
                name: 'pgbouncer',
                include: THROUGH_PGBOUNCER,
                environment: 'node',
                testTimeout: 30_000,
                hookTimeout: 60_000,
                // PgBouncer first: the template's set-up then reads the same TEST_DATABASE_URL.
                globalSetup: [
                  fromRoot('./apps/server/src/test/pgbouncer-setup.ts'),
                  fromRoot('./apps/server/src/test/global-setup.ts'),
                ],
                maxWorkers: 2,
                isolate: false,
                sequence: { groupOrder: 5 },
              },
            },
          ]
        : []),
    ],
  },
});
