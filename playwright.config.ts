import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './bench/lib/chromium.mjs';

// End-to-end tests drive Debian's Chromium (no browser download works here) against the built server
// on its embedded defaults, with a throw-away data folder.
const port = Number(process.env.E2E_PORT ?? 3199);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed test keeps its trace (actions, network, console) and a screenshot. DOM snapshots and
    // the screencast are left out: recorded for every action of every test only to be thrown away
    // when it passes, they cost CI minutes.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
    // No service worker: installing one precaches the app shell (58 files) in every new browser
    // context and routes each API call through it. The offline tests allow it (e2e/offline.spec.ts).
    serviceWorkers: 'block',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'mobile', use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 740 } } },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port) },
  },
});
