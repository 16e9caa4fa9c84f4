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
 * those paths with them (apps/server/src/platform/web-app.ts). The app itself is the same.
 */
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
        if (!html.includes('</head>')) throw new Error('index.html has no </head>');
        writeFileSync(join(outDir, `${page}.html`), html.replace('</head>', `${links}\n  </head>`));
      }
    },
  };
}
