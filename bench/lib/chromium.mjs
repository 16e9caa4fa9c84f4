// Debian's Chromium and the flags this machine needs (no sandbox, no GPU, no network of its own):
// one list for the benchmarks (harness.mjs) and the end-to-end tests (playwright.config.ts).

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
