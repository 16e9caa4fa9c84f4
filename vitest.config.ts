import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (file: string) => fileURLToPath(new URL(file, import.meta.url));

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
          ],
          environment: 'node',
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
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [
            'apps/server/src/**/*.unit.test.ts',
            'apps/server/src/cluster.test.ts',
            'apps/server/src/**/*.cluster.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // On PostgreSQL: one migrated template per run, dropped (with any leftover copy) at the end.
          globalSetup: [fromRoot('./apps/server/src/test/global-setup.ts')],
          // PGlite instances are heavy (WASM initdb); cap the workers on a 2-core machine. A project with
          // its own worker count runs as its own group, after the light ones.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Real server processes on PostgreSQL and Redis; scripts/test.mjs runs it when both are set.
        test: {
          name: 'cluster',
          include: ['apps/server/src/cluster.test.ts', 'apps/server/src/**/*.cluster.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 90_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
