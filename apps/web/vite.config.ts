import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Alias, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
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
 * The English catalogue is its own chunk (each language downloads only its own), fetched by the app
 * once it runs; index.html preloads it beside the entry, so an English reader's first screen does not
 * wait for one more round trip. A Kiswahili reader's catalogue starts downloading as the app's first
 * module runs (lib/i18n/boot.ts).
 */
function preloadEnglishCatalogue(): Plugin {
  return {
    name: 'jamii:preload-english-catalogue',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/src/lib/i18n/en.ts'),
        );
        if (!chunk) throw new Error('the English catalogue chunk (src/lib/i18n/en.ts) is missing');
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

export default defineConfig(({ command }) => ({
  // Builds resolve from this folder whether Vite runs here, from the root (`vite build apps/web`) or via -w.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), VitePWA(pwaOptions), preloadEnglishCatalogue()],
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
      treeshake: {
        // @jamii/shared is a barrel of constants and zod schemas without side effects; this lets a page
        // that needs one constant leave the schemas, the quiz bank and zod out of its download.
        moduleSideEffects: [{ test: /\/packages\/shared\/src\//, sideEffects: false }],
        // Building a zod schema has no effect beyond its value, so a schema nobody uses is dropped: a page
        // that imports the county list from a file that also declares a schema does not pull in zod.
        manualPureFunctions: ['z'],
      },
    },
  },
}));
