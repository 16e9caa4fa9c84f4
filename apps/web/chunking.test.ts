import { fileURLToPath } from 'node:url';
import type { ChunkingContext, ModuleInfo } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { isBarrel, routeGroupChunk } from './chunking';

const web = (file: string) => fileURLToPath(new URL(`./${file}`, import.meta.url));
const shared = (file: string) => fileURLToPath(new URL(`../../packages/shared/src/${file}`, import.meta.url));
const lib = (file: string) => fileURLToPath(new URL(`../../node_modules/${file}`, import.meta.url));

/** A module graph as the bundler shows it to the chunking: each module's code and static imports. */
function graph(modules: Record<string, { code: string; imports?: string[] }>): ChunkingContext {
  const infos = new Map<string, Pick<ModuleInfo, 'id' | 'code' | 'importedIds' | 'importers'>>();
  for (const [id, { code, imports = [] }] of Object.entries(modules))
    infos.set(id, { id, code, importedIds: imports, importers: [] });
  for (const info of infos.values())
    for (const dep of info.importedIds) infos.get(dep)?.importers.push(info.id);
  return { getModuleInfo: (id: string) => (infos.get(id) as ModuleInfo | undefined) ?? null };
}

const barrel = `// the package's names\nexport * from './job-status';\nexport { LoginInput } from './auth';\n/* more */ export * as z from "./zod";`;

describe('the build’s chunking (vite.config.ts, codeSplitting.groups)', () => {
  it('knows a barrel: only re-exports, comments aside', () => {
    expect(isBarrel(barrel)).toBe(true);
    expect(isBarrel("export * from './a';\nexport const b = 1;")).toBe(false);
    expect(isBarrel("import { a } from './a';\nexport { a };")).toBe(false);
    expect(isBarrel('')).toBe(false);
    expect(isBarrel(null)).toBe(false);
  });

  const ctx = graph({
    [web('src/main.tsx')]: { code: 'main', imports: [web('src/lib/zod-jitless.ts'), web('src/lib/api.ts')] },
    [web('src/lib/zod-jitless.ts')]: { code: 'globalThis.__zod_globalConfig.jitless = true' },
    [lib('zod/v4/core/index.js')]: {
      code: "export * from './core.js';",
      imports: [lib('zod/v4/core/core.js')],
    },
    [lib('zod/v4/core/core.js')]: { code: 'export function config() {}' },
    [web('src/lib/api.ts')]: {
      code: 'api',
      imports: [shared('index.ts'), lib('react/index.js'), web('src/lib/api-answer.ts')],
    },
    [web('src/lib/api-answer.ts')]: { code: 'fetch' },
    [web('src/app/early-start.ts')]: { code: 'early', imports: [web('src/lib/api-answer.ts')] },
    [lib('react/index.js')]: { code: 'react' },
    [shared('index.ts')]: { code: barrel, imports: [shared('job-status.ts'), shared('auth.ts')] },
    [shared('job-status.ts')]: { code: "export const JOB_STATUSES = ['open', 'closed'];" },
    [shared('auth.ts')]: { code: 'z.object({})', imports: [lib('zod/v4/classic/index.js')] },
    [web('src/app/routes/feed.tsx')]: { code: 'feed', imports: [web('src/features/posts/card.tsx')] },
    [web('src/features/posts/card.tsx')]: { code: 'card', imports: [shared('index.ts')] },
  });

  it('puts what the entry imports in one `app` chunk, and leaves the entry its own', () => {
    expect(routeGroupChunk(web('src/main.tsx'), ctx)).toBeNull();
    expect(routeGroupChunk(web('src/lib/api.ts'), ctx)).toBe('app');
    expect(routeGroupChunk(lib('react/index.js'), ctx)).toBe('app');
  });

  it("puts what the early script imports in one `early` chunk, the app's too, and leaves the script its own", () => {
    expect(routeGroupChunk(web('src/app/early-start.ts'), ctx)).toBeNull();
    expect(routeGroupChunk(web('src/lib/api-answer.ts'), ctx)).toBe('early');
  });

  it("does not count as the entry's what it reaches only through a library's barrel", () => {
    expect(routeGroupChunk(shared('auth.ts'), ctx)).not.toBe('app');
    expect(routeGroupChunk(lib('zod/v4/core/core.js'), ctx)).not.toBe('app');
  });

  it("leaves zod's setting with the entry, which runs it first, and zod out of `app`", () => {
    expect(routeGroupChunk(web('src/lib/zod-jitless.ts'), ctx)).toBeNull();
    expect(routeGroupChunk(lib('zod/v4/core/core.js'), ctx)).not.toBe('app');
  });

  it("gathers @jamii/shared's small files without libraries into one `rules` chunk", () => {
    expect(routeGroupChunk(shared('job-status.ts'), ctx)).toBe('rules');
    expect(routeGroupChunk(shared('auth.ts'), ctx)).not.toBe('rules');
    expect(routeGroupChunk(shared('index.ts'), ctx)).not.toBe('rules');
  });

  it("puts what only the feed's screens reach in the `member` chunk, and leaves route modules their own", () => {
    expect(routeGroupChunk(web('src/features/posts/card.tsx'), ctx)).toBe('member');
    expect(routeGroupChunk(web('src/app/routes/feed.tsx'), ctx)).toBeNull();
  });
});
