import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VitePWAOptions } from 'vite-plugin-pwa';

/** Runtime caches the app clears when the member changes (src/lib/offline/service-worker.ts). */
export const API_CACHE = 'jamii-api';
export const ASSET_CACHE = 'jamii-assets';
export const MEDIA_CACHE = 'jamii-media';

const distIndex = fileURLToPath(new URL('./dist/index.html', import.meta.url));

const distDir = dirname(distIndex);

/**
 * What a signed-in member needs with no connection, besides what index.html names: the language
 * catalogues' parts (src/lib/i18n/parts: `en-first.ts`, `en-rest.ts`, `sw-…`), which the screens
 * wait for; the signed-in
 * frame; the feed; and the create panel with the post composer, so a post can be written offline
 * on a phone that has never opened it.
 */
const SHELL_CHUNKS = /^assets\/(en|sw|common-layout|feed|create-panel)-[\w-]+\.js$/;

/** A chunk and every chunk it imports statically (`from"./x.js"`), read from the build. */
function withStaticImports(roots: Iterable<string>): Set<string> {
  const found = new Set<string>();
  const visit = (url: string) => {
    if (found.has(url) || !url.endsWith('.js')) return;
    found.add(url);
    const code = readFileSync(join(distDir, url), 'utf8');
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) visit(`assets/${match[1]}`);
  };
  for (const url of roots) visit(url);
  return found;
}

/**
 * Only the app shell is precached: the page, its entry script and styles (what index.html names),
 * the chunks above and what they import, the favicon and the manifest. Every other page's code is
 * cached the first time it is loaded, so installing does not download pages never opened.
 */
function shellOnly<Entry extends { url: string }>(entries: Entry[]) {
  const html = readFileSync(distIndex, 'utf8');
  const named = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+)"/g)].map((m) => m[1]!);
  const shell = withStaticImports([
    ...named,
    ...entries.map((e) => e.url).filter((url) => SHELL_CHUNKS.test(url)),
  ]);
  for (const url of named) shell.add(url);
  return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url)) };
}

/**
 * The installable app (docs/features/kiswahili.md): a web app manifest and a Workbox service worker generated at build
 * time, with Workbox bundled into the build (nothing is loaded from a CDN). Registered by the app
 * itself after the page has loaded (src/lib/offline/service-worker.ts), so first loads are unchanged.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'autoUpdate',
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'Jamii',
    short_name: 'Jamii',
    description: 'Jamii is the all-in-one space for people, jobs, bids and videos in Kenya.',
    lang: 'en',
    dir: 'ltr',
    start_url: '/feed',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#046a2f',
    background_color: '#ffffff',
    categories: ['social', 'business'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The PNG icons are for installing (the browser fetches them itself), not for working offline.
    globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
    // The pages rendered for `/` and `/login` (vite.config.ts) are for first visits; offline, the app
    // draws them.
    globIgnores: ['landing-*.html', 'login-*.html'],
    manifestTransforms: [(entries) => shellOnly(entries)],
    // Workbox's own code is a file of the build, never a CDN import.
    inlineWorkboxRuntime: false,
    // Web Push: the push and notificationclick handlers (public/push-sw.js).
    importScripts: ['/push-sw.js'],
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    // Page addresses open the app shell, offline too; the server's own answers are left alone.
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [
      /^\/api(\/|$)/,
      /^\/media\//,
      /^\/socket\.io/,
      /^\/me(\/|$)/,
      /^\/p\/\d+/,
      /^\/explore\/jobs\/\d+/,
    ],
    runtimeCaching: [
      {
        // Shared pages carry their preview tags, so they come from the server; offline, the shell.
        urlPattern: ({ request, url }) =>
          request.mode === 'navigate' && /^\/(p|explore\/jobs)\/\d+\/?$/.test(url.pathname),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: '/index.html' } },
      },
      {
        // The last feed, jobs, bids, messages, notifications and profiles seen, and who is signed in: fresh
        // from the network when it answers within 5 s, else the copy from the last visit.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin &&
          /^\/api\/(me|posts|jobs|bids|conversations|notifications|users)(\/|$)/.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: API_CACHE,
          networkTimeoutSeconds: 5,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 80, maxAgeSeconds: 7 * 24 * 3600 },
        },
      },
      {
        // Hashed, never changing: each page's code is kept once it has been loaded.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: {
          cacheName: ASSET_CACHE,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 200, purgeOnQuotaError: true },
        },
      },
      {
        // Pictures already seen (not videos: they are read by range and are large).
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin &&
          url.pathname.startsWith('/media/') &&
          /\.(webp|jpe?g|png|gif|avif)$/i.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: MEDIA_CACHE,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 100, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
        },
      },
    ],
  },
};
