import { fileURLToPath } from 'node:url';
import type { ChunkingContext } from 'rolldown';

/**
 * Chunks for what a screen needs, instead of one tiny chunk per set of importers: the feed (with the
 * signed-in frame around it) loaded ~68 files, a queue of requests on a slow phone. A module that the
 * group's screens reach only through their lazy routes (not loaded by the app's entry, not behind a
 * lazy import of its own), and that no screen of `without` reaches, goes into the group's one chunk;
 * a member's other pages may load some of it with theirs, the lighter public screens never do. The
 * route modules stay chunks of their own, fetched in parallel (Vite preloads a lazy route's imports).
 */
const route = (names: string) => new RegExp(`[\\\\/]src[\\\\/]app[\\\\/]routes[\\\\/](${names})\\.tsx$`);
/** The screens a visitor meets first: they never load the member's chunk. */
const FIRST_SCREENS = 'landing|apps|login|signup|forgot-password|reset-password|verify-email|not-found';
const ROUTE_GROUPS: { name: string; routes: RegExp; without: RegExp }[] = [
  { name: 'member', routes: route('common-layout|feed'), without: route(FIRST_SCREENS) },
  { name: 'sign-in', routes: route('login'), without: route('landing|signup|common-layout|feed') },
];
const SHARED_SOURCE = /[\\/]packages[\\/]shared[\\/]src[\\/]/;
/** Characters of source under which a rule of @jamii/shared joins the `rules` chunk. */
const SMALL_RULE = 4000;

/**
 * @jamii/shared's small files without schemas (a status list, a limit, a formatter): one `rules`
 * chunk. Every screen reaches every one of them through the package's barrel, so the chunking by
 * importers above cannot place them, and the bundler's own placing made a 1 kB file of each that a
 * phone asks for on a connection of its own (six at a time over HTTP/1.1, a round trip per wave).
 */
function isSmallRule(id: string, ctx: ChunkingContext): boolean {
  const info = ctx.getModuleInfo(id);
  if (!SHARED_SOURCE.test(id) || !info?.code || info.code.length > SMALL_RULE || isBarrel(info.code))
    return false;
  return !info.importedIds.some((dep) => /[\\/]node_modules[\\/]/.test(dep));
}
/** A module that only re-exports others (`export … from`), comments aside. */
export function isBarrel(code: string | null | undefined): boolean {
  if (!code) return false;
  const lines = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, '').trim())
    .filter(Boolean);
  return lines.length > 0 && lines.every((line) => /^export\b.*\bfrom\s*['"][^'"]+['"];?$/.test(line));
}
const ENTRY = /[\\/]src[\\/]main\.tsx$/;
const ENTRY_FILE = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
/**
 * zod's setting runs first, from the entry chunk (main.tsx imports it before anything else). zod
 * itself never joins `app`: the first screens build no schema, and forms load it with theirs.
 */
const LEFT_TO_THE_ENTRY = /[\\/](lib[\\/]zod-jitless\.ts|node_modules[\\/]zod[\\/])/;
const APP_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]/;
/** The early script of feed.html and jobs.html (route-shells.ts), an entry of its own. */
export const EARLY_START_FILE = fileURLToPath(new URL('./src/app/early-start.ts', import.meta.url));
const reachedOf = new WeakMap<ChunkingContext, Map<string, Set<string>>>();

/**
 * What the app's entry imports, directly or not, loads before any screen: one `app` chunk instead
 * of a queue of small files (a phone asks six at a time over HTTP/1.1, a round trip per wave). What
 * the early script imports (it loads before the app, on its own) is one `early` chunk, which the app
 * imports too. Neither follows a library's barrel (@jamii/shared's, zod's core): through one every
 * schema would seem to be the entry's, while the bundler keeps only what is used and places those
 * modules by their users. The entry modules themselves stay their own chunks.
 */
function importedBy(entryFile: string, ctx: ChunkingContext): Set<string> {
  let byEntry = reachedOf.get(ctx);
  if (!byEntry) reachedOf.set(ctx, (byEntry = new Map()));
  let found = byEntry.get(entryFile);
  if (found) return found;
  found = new Set();
  const queue = [...(ctx.getModuleInfo(entryFile)?.importedIds ?? [])];
  while (queue.length > 0) {
    const current = queue.pop()!;
    if (found.has(current)) continue;
    const info = ctx.getModuleInfo(current);
    if (!info || current.endsWith('.css') || LEFT_TO_THE_ENTRY.test(current)) continue;
    if (!APP_SOURCE.test(current) && isBarrel(info.code)) continue;
    found.add(current);
    queue.push(...info.importedIds);
  }
  byEntry.set(entryFile, found);
  return found;
}
const ROUTE_MODULE = /[\\/]src[\\/]app[\\/]routes[\\/]/;

/** The chunk a module of the build goes into (`codeSplitting.groups`), or null for the bundler's own. */
export function routeGroupChunk(id: string, ctx: ChunkingContext): string | null {
  if (ROUTE_MODULE.test(id) || ENTRY.test(id) || id === EARLY_START_FILE || id.endsWith('.css')) return null;
  if (importedBy(EARLY_START_FILE, ctx).has(id)) return 'early';
  if (importedBy(ENTRY_FILE, ctx).has(id)) return 'app';
  if (isSmallRule(id, ctx)) return 'rules';
  // Every module that imports this one statically, directly or not: whom it is loaded with.
  const seen = new Set<string>();
  const queue = [id];
  while (queue.length > 0) {
    const current = queue.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    queue.push(...(ctx.getModuleInfo(current)?.importers ?? []));
  }
  const reached = [...seen];
  if (reached.some((m) => ENTRY.test(m))) return null;
  const group = ROUTE_GROUPS.find(
    ({ routes, without }) => reached.some((m) => routes.test(m)) && !reached.some((m) => without.test(m)),
  );
  if (group) return group.name;
  // The app's own components and helpers that the landing and login pages share with others: one
  // chunk. (Not signup's: its county field brings the places list and zod.)
  const firstScreens = route('landing|login');
  if (/[\\/]src[\\/](components|lib)[\\/]/.test(id) && reached.some((m) => firstScreens.test(m))) return 'ui';
  return null;
}
