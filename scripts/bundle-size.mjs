// `node scripts/bundle-size.mjs` (run by `npm test` after the build): the gzip size of the JavaScript a
// browser must load before a route renders, against budgets. For each route that is index.html's
// module script and its modulepreloads, plus the route's lazy chunk(s) named in the router (and, for
// the feed, the signed-in layout around it), each with everything it imports statically. Dynamic
// imports (comment threads, forms opened later, other languages) are not counted. Sizes are
// deterministic for a given tree; kB = 1,000 bytes of gzip (zlib level 9, as precompressed).
// `/` and `/login` are the exceptions: their pages (landing-en.html, login-sw.html, …) are drawn by
// the build and load only src/prerender/boot.ts before they paint, with the app's scripts in a
// `<template>` started after `load` and idle or at the first interaction; their rows count what the
// page itself asks for (no template), and `… after load` rows what the app then loads for them.
//
// It also checks the target "no chain of more than 3 sequential script requests": index.html's files
// are requested at once (depth 1); a lazy route's chunk and the imports Vite preloads with it
// (`__vite__mapDeps`) are asked for together when the router needs them (depth 2); a chunk imported
// statically by one of those but not preloaded waits for its importer (depth 3, and so on). And that
// `/` and `/login` paint before their JavaScript: the build's pages for them hold the markup.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';
import { keysNamedIn } from './message-keys.mjs';

// The targets are 90 kB for `/` and `/login` and 150 kB for `/feed` (bench/README.md). A budget is the
// size measured when it was last lowered plus 5%, or the target once the size meets it: the check
// stops growth, and each budget is lowered towards its target as sizes fall. `/` and `/login` paint
// from the build's pages before any app script runs, so their rows are the boot script's 0.6 kB and
// the `… after load` rows hold what the app then loads. What is left over the targets after load is
// mostly react-dom (65 kB) and react-router (14 kB) themselves (docs/web-performance.md).
// `/feed` met its target and was held to it until round three's last screens: six lazy routes in the
// router (phone signup and login, job alerts, employer verification, the admins' deliveries and
// employers: +0.5 kB of the app chunk, mostly their preload lists), the login's phone path in the
// auth store and seven first-screen messages took it to 150.3 kB. Its budget allows that much, and
// not more, until it is brought back under the target (docs/web-performance.md).
const MAX_CHAIN = 3;
const ROUTES = [
  { route: '/', page: 'landing', target: 90_000, budget: 610 },
  { route: '/ after load', chunks: ['landing'], budget: 125_400 },
  { route: '/login', page: 'login', target: 90_000, budget: 610 },
  { route: '/login after load', chunks: ['login'], budget: 138_400 },
  { route: '/feed', chunks: ['common-layout', 'feed'], shell: 'feed', target: 150_000, budget: 150_400 },
  { route: '/jobs', chunks: ['public-layout', 'jobs'], shell: 'jobs', budget: 158_000 },
];

const dist = path.join(root, 'apps/web/dist');
const assets = path.join(dist, 'assets');
const read = (file) => readFileSync(path.join(assets, file), 'utf8');
const gz = new Map();
const gzipBytes = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length);
  return gz.get(file);
};
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'`]\.\/([\w.-]+\.js)["'`]/g;

/** The file and every chunk it imports statically (`import … from "./x.js"`, `import "./x.js"`). */
function staticClosure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of read(file).matchAll(STATIC_IMPORT)) staticClosure(m[1], seen);
  return seen;
}

let html;
try {
  html = readFileSync(path.join(dist, 'index.html'), 'utf8');
} catch {
  console.error('apps/web/dist/index.html is missing: run `npm run build` first.');
  process.exit(1);
}
/** The scripts a page asks for as it loads: its module scripts and module preloads (not in a template). */
const scriptsOf = (page) =>
  [
    ...page
      .replace(/<template[\s\S]*?<\/template>/g, '')
      .matchAll(
        /<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/assets\/([^"]+\.js)"/g,
      ),
  ].map((m) => m[1]);
const initial = scriptsOf(html);
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
if (!entry) {
  console.error('index.html has no module script');
  process.exit(1);
}
const base = new Set();
for (const f of initial) staticClosure(f, base);
// The route chunks are the router's dynamic imports, found by their module name in the entry's closure.
const dynamicImports = [...base].flatMap((f) =>
  [...read(f).matchAll(/import\(["'`]\.\/([\w.-]+\.js)["'`]\)/g)].map((m) => m[1]),
);

// What Vite preloads with each lazy chunk: `import("./x.js"),__vite__mapDeps([i, …])` indexes a list
// of "assets/….js" written once at the top of the chunk that holds the router.
const preloadedWith = new Map();
for (const f of base) {
  const code = read(f);
  const list = /__vite__mapDeps=[^[]*\[((?:"[^"]*",?)*)\]/.exec(code)?.[1];
  if (!list) continue;
  const deps = [...list.matchAll(/"assets\/([^"]+)"/g)].map((m) => m[1]);
  for (const m of code.matchAll(/import\(["'`]\.\/([\w.-]+\.js)["'`]\),__vite__mapDeps\(\[([\d,]*)\]\)/g))
    preloadedWith.set(
      m[1],
      m[2].split(',').map((i) => deps[Number(i)]),
    );
}

/** The longest chain of script requests each waiting for the one before, for a route's chunks. */
function chainDepth(routeChunks, first = initial) {
  const depth = new Map();
  for (const f of first) depth.set(f, 1);
  for (const chunk of routeChunks)
    for (const f of [chunk, ...(preloadedWith.get(chunk) ?? [])]) if (!depth.has(f)) depth.set(f, 2);
  // A static import not requested yet is asked for once its importer has arrived.
  const queue = [...depth.keys()];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const m of read(file).matchAll(STATIC_IMPORT)) {
      if (depth.has(m[1])) continue;
      depth.set(m[1], depth.get(file) + 1);
      queue.push(m[1]);
    }
  }
  return Math.max(...depth.values());
}

/**
 * A drawn page paints before JavaScript: each language's page is in the build with its markup, and
 * what it loads before paint is only its own scripts; the app's entry waits in its
 * `<template id="app-scripts">` (started after load by src/prerender/boot.ts).
 */
const drawnPages = (name) =>
  ['en', 'sw'].map((language) => {
    const file = path.join(dist, `${name}-${language}.html`);
    const page = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const template = /<template id="app-scripts">([\s\S]*?)<\/template>/.exec(page)?.[1] ?? '';
    const scripts = scriptsOf(page);
    const isPrerendered = /<div id="root"><\w+ data-prerendered[^>]*>[\s\S]*<h1/.test(page);
    const startsApp = template.includes(`src="/assets/${entry}"`) && !scripts.includes(entry);
    return { scripts, isWhole: isPrerendered && startsApp && scripts.length > 0 };
  });

const sizeOf = (files) => [...files].reduce((s, f) => s + gzipBytes(f), 0);

/** What a drawn page loads before it paints: the larger of its two languages', with their imports. */
function beforePaint(pages) {
  const [files, chain] = pages
    .map(({ scripts }) => {
      const closure = new Set();
      for (const f of scripts) staticClosure(f, closure);
      return [closure, chainDepth([], scripts)];
    })
    .reduce((a, b) => (sizeOf(b[0]) > sizeOf(a[0]) ? b : a));
  return { files, chain };
}

/**
 * The app's entry and the route's lazy chunks, with their imports, and their chain of requests. A
 * route with a shell (`feed.html`, apps/web/route-shells.ts) is answered with a page that asks for all
 * of them at once: its chain is that page's, and a chunk the page does not ask for is a failure.
 */
function appRoute(r) {
  const files = new Set(base);
  const routeChunks = [];
  for (const name of r.chunks) {
    // eslint-disable-next-line security/detect-non-literal-regexp -- a chunk name from ROUTES above
    const re = new RegExp(`^${name}-[\\w-]{8}\\.js$`);
    const chunk = dynamicImports.find((f) => re.test(f));
    if (!chunk) {
      console.error(`No chunk for ${name} among the entry's imports: has the route moved? (${r.route})`);
      process.exit(1);
    }
    routeChunks.push(chunk);
    staticClosure(chunk, files);
  }
  if (!r.shell) return { files, chain: chainDepth(routeChunks) };
  const file = path.join(dist, `${r.shell}.html`);
  const shellScripts = existsSync(file) ? scriptsOf(readFileSync(file, 'utf8')) : [];
  const shelled = new Set();
  for (const f of shellScripts) staticClosure(f, shelled);
  const isShelled = shellScripts.length > 0 && [...files].every((f) => shelled.has(f));
  return { files, chain: chainDepth([], shellScripts), isUnshelled: !isShelled };
}

/** zod's core names its classes as text, which minifying keeps. */
const ZOD_CODE = /["`]\$ZodType["`]/;
const rows = [];
let failed = false;
/** The files of the rows that load the app: the first screens, whose messages the catalogue's first part holds. */
const firstFiles = new Set();
for (const r of ROUTES) {
  const pages = r.page ? drawnPages(r.page) : [];
  const { files, chain, isUnshelled = false } = r.chunks ? appRoute(r) : beforePaint(pages);
  if (r.chunks) for (const f of files) firstFiles.add(f);
  const bytes = sizeOf(files);
  const isOver = bytes > r.budget;
  const isTooDeep = chain > MAX_CHAIN;
  const isUnpainted = r.page !== undefined && !pages.every((p) => p.isWhole);
  // zod and the schemas come with the forms that check what is typed, after the first screen: one
  // module that imports a schema beside a list (places.ts once) brings every schema (24.5 kB).
  const hasZod = [...files].some((f) => ZOD_CODE.test(read(f)));
  failed ||= isOver || isTooDeep || isUnpainted || isUnshelled || hasZod;
  let verdict = 'within budget';
  if (r.target) verdict = bytes > r.target ? 'within budget, above target' : 'meets target';
  if (isUnpainted) verdict = 'NOT PRERENDERED';
  if (isUnshelled) verdict = `NOT ALL PRELOADED BY ${r.shell}.html`;
  if (isTooDeep) verdict = `CHAIN OVER ${MAX_CHAIN}`;
  if (hasZod) verdict = 'LOADS ZOD';
  if (isOver) verdict = 'OVER BUDGET';
  rows.push({
    route: r.route,
    files: files.size,
    'script chain': chain,
    'gzip kB': (bytes / 1000).toFixed(1),
    'budget kB': (r.budget / 1000).toFixed(1),
    'target kB': r.target ? (r.target / 1000).toFixed(1) : '-',
    verdict,
  });
}
console.table(rows);

// The catalogue's first part (apps/web/src/lib/i18n/parts/split.ts) holds the messages the first
// screens may show: the rows above that load the app, and the routes of app/router.tsx drawn with
// that part alone (`firstScreen`), which must be those rows' screens. `--write-first-keys` writes
// the list from this build; without it, a difference fails.
const FIRST_KEYS = path.join(root, 'apps/web/src/lib/i18n/first-screen-keys.json');
const CATALOGUE_PART = /^(?:en|sw)-(?:first|rest)-[\w-]{8}\.js$/;
let hasFirstPartFailed = false;
const measuredScreens = new Set(ROUTES.flatMap((r) => r.chunks ?? []));
const routerSource = readFileSync(path.join(root, 'apps/web/src/app/router.tsx'), 'utf8');
const drawnFirst = new Set(
  [
    ...routerSource.matchAll(
      /firstScreen\(\s*\(\)\s*=>\s*(?:Promise\.all\(\[\s*)?import\('\.\/routes\/([\w-]+)'\)/g,
    ),
  ].map((m) => m[1]),
);
const screensDiffer =
  [...measuredScreens].some((s) => !drawnFirst.has(s)) || drawnFirst.size !== measuredScreens.size;
if (screensDiffer) {
  hasFirstPartFailed = true;
  console.error(
    `The screens drawn with the catalogue's first part (firstScreen in app/router.tsx: ${[...drawnFirst].join(', ')}) ` +
      `are not those whose messages it holds (ROUTES here: ${[...measuredScreens].join(', ')}).`,
  );
}
// Every message key, from each feature's catalogue file (catalogue/<feature>.ts: `en`, then `sw`).
const catalogueDir = path.join(root, 'apps/web/src/lib/i18n/catalogue');
const allKeys = [
  ...new Set(
    readdirSync(catalogueDir)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => [
        ...readFileSync(path.join(catalogueDir, file), 'utf8').matchAll(/^ {2}'([^']+)':/gm),
      ])
      .map((m) => m[1]),
  ),
];
const firstCode = [...firstFiles]
  .filter((f) => !CATALOGUE_PART.test(f))
  .map(read)
  .join('\n');
const named = [...keysNamedIn(firstCode, allKeys)].sort();
if (process.argv.includes('--write-first-keys')) {
  writeFileSync(FIRST_KEYS, `${JSON.stringify(named, null, 2)}\n`);
  console.log(`Wrote ${named.length} of ${allKeys.length} messages to ${path.relative(root, FIRST_KEYS)}.`);
} else {
  const listed = new Set(JSON.parse(readFileSync(FIRST_KEYS, 'utf8')));
  const missing = named.filter((k) => !listed.has(k));
  const stale = [...listed].filter((k) => !named.includes(k));
  console.log(`The catalogue's first part: ${listed.size} of ${allKeys.length} messages.`);
  if (missing.length > 0 || stale.length > 0) {
    console.error(
      `The catalogue's first part (${path.relative(root, FIRST_KEYS)}) is not what the first screens name: ` +
        (missing.length > 0 ? `missing ${missing.join(', ')}; ` : '') +
        (stale.length > 0 ? `named by none ${stale.join(', ')}; ` : '') +
        'run `npm run build -w apps/web && node scripts/bundle-size.mjs --write-first-keys`, then build again.',
    );
    hasFirstPartFailed = true;
  }
}

if (failed) {
  console.error(
    'JavaScript loaded before a route renders grew past its budget, a route waits for more than ' +
      `${MAX_CHAIN} scripts one after another, or / or /login is no longer prerendered with the app's ` +
      'scripts left for after paint (landing-en.html, login-en.html, …). Split the new code out of the initial chunks (a lazy import) or, if the growth ' +
      'is wanted, raise the budget in scripts/bundle-size.mjs with the reason.',
  );
}
if (failed || hasFirstPartFailed) process.exit(1);
