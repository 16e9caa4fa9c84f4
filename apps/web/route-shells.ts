import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * The screens a cold start opens most, by the page the server answers for them: `/feed` (where the
 * installed app starts and a member lands) and `/jobs` (where shared job links lead), each with its
 * route modules (src/app/routes), the layout first.
 */
export const ROUTE_SHELLS: Record<string, readonly string[]> = {
  feed: ['common-layout', 'feed'],
  jobs: ['public-layout', 'jobs'],
};

/**
 * A phone opening `/feed` asked for the feed's code only once the app's own had arrived and run (the
 * router finds the route, then loads it): about 0.4 s of a 4×-slowed CPU and a round trip between the
 * two downloads. After the build, index.html is copied into `feed.html` and `jobs.html` with module
 * preloads for the route's chunks and what they import, so both download at once; the server answers
 * those paths with them (apps/server/src/platform/web-app.ts). They also run the early script
 * (src/app/early-start.ts), which starts the screen's first API calls before the app has arrived.
 */
/** The build's name for app/early-start.ts, the script these pages run before the app arrives. */
export const EARLY_START = 'early-start';

export function routeShells(): Plugin {
  return {
    name: 'jamii:route-shells',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir!;
      const html = readFileSync(join(outDir, 'index.html'), 'utf8');
      const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (files: Iterable<string>, into = new Set<string>()) => {
        for (const file of files) {
          if (into.has(file)) continue;
          into.add(file);
          closure(byFile.get(file)?.imports ?? [], into);
        }
        return into;
      };
      const early = chunks.find((chunk) => chunk.isEntry && chunk.name === EARLY_START);
      if (!early) throw new Error(`no ${EARLY_START} entry (src/app/early-start.ts)`);
      const onPage = closure([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
      for (const [page, routes] of Object.entries(ROUTE_SHELLS)) {
        const routeChunks = routes.map((route) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/src/app/routes/${route}.tsx`));
          if (!chunk) throw new Error(`no chunk for src/app/routes/${route}.tsx (route-shells.ts)`);
          return chunk.fileName;
        });
        const links = [...closure(routeChunks)]
          .filter((file) => !onPage.has(file))
          .map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`)
          .join('');
        // First in the page, so it is asked for first, and async: it runs as soon as it has arrived,
        // while the app's entry waits for all of its chunks.
        const earlyScript = `<script type="module" async crossorigin src="/${early.fileName}"></script>\n    `;
        const entryScript = html.indexOf('<script type="module"');
        if (entryScript < 0 || !html.includes('</head>'))
          throw new Error('index.html has no module script in its head');
        const shell = html.slice(0, entryScript) + earlyScript + html.slice(entryScript);
        writeFileSync(join(outDir, `${page}.html`), shell.replace('</head>', `${links}\n  </head>`));
      }
    },
  };
}
