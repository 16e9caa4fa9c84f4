import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, defineConfig, type Alias, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { EARLY_START_FILE, routeGroupChunk } from './chunking';
import { precompileMessages } from './precompile-messages';
import { splitCatalogues } from './split-catalogues';
import { EARLY_START, routeShells } from './route-shells';
import { pwaOptions } from './pwa.config';

// The dev server proxies to the API server of `npm run dev`, on the same PORT setting (scripts/dev.mjs
// loads the root .env for both).
const apiOrigin = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/**
 * react-router 7 exports only its development build (remix-run/react-router#12532, #14753), which
 * carries dev warnings and about 30 kB more; production builds are pointed at its production files.
 */
function reactRouterProductionAliases(): Alias[] {
  const require = createRequire(import.meta.url);
  const dist = join(dirname(require.resolve('react-router/package.json')), 'dist/production');
  return [
    { find: /^react-router$/, replacement: join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(dist, 'dom-export.mjs') },
  ];
}

/**
 * The English catalogue's first part (the first screens' messages, lib/i18n/parts/split.ts) is its own
 * chunk (each language downloads only its own), fetched by the app once it runs; index.html preloads
 * it beside the entry, so an English reader's first screen does not wait for one more round trip. A
 * Kiswahili reader's starts downloading as the app's first module runs (lib/i18n/boot.ts).
 */
function preloadEnglishCatalogue(): Plugin {
  return {
    name: 'jamii:preload-english-catalogue',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) =>
            output.type === 'chunk' && output.facadeModuleId?.endsWith('/src/lib/i18n/parts/en-first.ts'),
        );
        if (!chunk)
          throw new Error("the English catalogue's first chunk (src/lib/i18n/parts/en-first.ts) is missing");
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * `/` and `/login` paint before any JavaScript runs: after the build, each of those pages is rendered
 * in each language (src/prerender/pages.tsx) into a copy of index.html, `landing-en.html`,
 * `landing-sw.html`, `login-en.html` and `login-sw.html`, which the server answers for those paths
 * (apps/server/src/platform/web-app.ts). Their only script before paint is src/prerender/boot.ts (a
 * few hundred bytes): index.html's entry and module preloads are moved into
 * `<template id="app-scripts">`, which that script starts after the page has loaded and the browser
 * is idle, or at the reader's first pointer, key, focus or sent form. The app then starts as on any
 * page and, once the page's route is ready, replaces the markup with the same screen (main.tsx).
 */
/** The prerendered pages' script before paint (src/prerender/boot.ts), an entry of its own. */
const PRERENDER_BOOT = 'prerender-boot';
/** index.html's module script and module preloads, as Vite writes them. */
const APP_SCRIPT = /\s*(?:<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g;

function prerenderPages(): Plugin {
  let outDir = '';
  let hasFailed = false;
  const catalogues: Record<string, string> = {};
  let boot = '';
  return {
    name: 'jamii:prerender-pages',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // A failed build writes no index.html: let its own error be the one reported.
    buildEnd(error) {
      if (error) hasFailed = true;
    },
    renderError() {
      hasFailed = true;
    },
    // Each language's page preloads its own catalogue (index.html preloads the English one).
    writeBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        if (output.isEntry && output.name === PRERENDER_BOOT) boot = output.fileName;
        if (output.facadeModuleId?.endsWith('/src/lib/i18n/parts/en-first.ts'))
          catalogues.en = output.fileName;
        if (output.facadeModuleId?.endsWith('/src/lib/i18n/parts/sw-first.ts'))
          catalogues.sw = output.fileName;
      }
    },
    async closeBundle() {
      if (hasFailed || !existsSync(join(outDir, 'index.html'))) return;
      const server = await createServer({
        configFile: false,
        root: fileURLToPath(new URL('.', import.meta.url)),
        logLevel: 'error',
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
      });
      try {
        const { renderPage, PRERENDERED_PAGES } = (await server.ssrLoadModule(
          '/src/prerender/pages.tsx',
        )) as {
          renderPage: (name: string, language: string) => Promise<{ title: string; markup: string }>;
          PRERENDERED_PAGES: Record<string, unknown>;
        };
        const page = readFileSync(join(outDir, 'index.html'), 'utf8');
        if (!page.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
        if (!boot) throw new Error(`no ${PRERENDER_BOOT} entry chunk`);
        for (const name of Object.keys(PRERENDERED_PAGES))
          for (const language of ['en', 'sw']) {
            const { title, markup } = await renderPage(name, language);
            const catalogue = catalogues[language];
            if (!catalogues.en || !catalogue) throw new Error(`no catalogue chunk for ${language}`);
            const withCatalogue = page.replace(`href="/${catalogues.en}"`, () => `href="/${catalogue}"`);
            const appScripts = (withCatalogue.match(APP_SCRIPT) ?? []).map((tag) => tag.trim());
            if (!appScripts.some((tag) => tag.startsWith('<script')))
              throw new Error('index.html has no module script');
            const html = withCatalogue
              .replace(APP_SCRIPT, '')
              .replace('<html lang="en">', `<html lang="${language}">`)
              .replace(/<title>[^<]*<\/title>/, () => title)
              .replace('</head>', `  <script type="module" crossorigin src="/${boot}"></script>\n  </head>`)
              .replace(
                '<div id="root"></div>',
                () =>
                  `<div id="root">${markup}</div>\n    <template id="app-scripts">${appScripts.join('')}</template>`,
              );
            writeFileSync(join(outDir, `${name}-${language}.html`), html);
          }
      } finally {
        await server.close();
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  // Builds resolve from this folder whether Vite runs here, from the root (`vite build apps/web`) or via -w.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    splitCatalogues(),
    precompileMessages(),
    react(),
    tailwindcss(),
    VitePWA(pwaOptions),
    preloadEnglishCatalogue(),
    prerenderPages(),
    routeShells(),
  ],
  resolve: { alias: command === 'build' ? reactRouterProductionAliases() : [] },
  server: {
    proxy: {
      '/api': apiOrigin,
      // Only the identity check itself: a bare '/me' prefix would also swallow paths such as /media.
      '^/me(?:[/?]|$)': apiOrigin,
      '/socket.io': { target: apiOrigin, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // The server's CSP is `script-src 'self'`: the polyfill would be an inline script in index.html.
    modulePreload: { polyfill: false },
    // Keep assets as cacheable files rather than base64 copies inside every JS chunk.
    assetsInlineLimit: 1024,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        [PRERENDER_BOOT]: fileURLToPath(new URL('./src/prerender/boot.ts', import.meta.url)),
        [EARLY_START]: EARLY_START_FILE,
      },
      treeshake: {
        // @jamii/shared is a barrel of constants and zod schemas without side effects; this lets a page
        // that needs one constant leave the schemas, the quiz bank and zod out of its download.
        moduleSideEffects: [{ test: /\/packages\/shared\/src\//, sideEffects: false }],
        // Building a zod schema has no effect beyond its value, so a schema nobody uses is dropped: a page
        // that imports the county list from a file that also declares a schema does not pull in zod.
        manualPureFunctions: ['z'],
      },
      output: {
        codeSplitting: {
          groups: [
            { name: routeGroupChunk, debugName: 'route groups', includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
}));
