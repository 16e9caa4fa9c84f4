import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Lists are keyset-paged (docs/design.md#api-conventions): an OFFSET scan reads and throws away every row before the page,
// so its cost grows with the table (docs/web-performance.md). The one list allowed an offset is the admin's Manage
// Jobs table (the specified constants gives it limit/offset); it is named here with the count of its offsets.
const ALLOWED: Record<string, number> = { 'jobs/jobs.repo.ts': 1 };

const FEATURES = path.join(import.meta.dirname, '..', 'features');

/** Each use of OFFSET in the code of a file: a Kysely `.offset(` or OFFSET in SQL text. */
function offsetUses(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/\.offset\s*\(|\bOFFSET\s+(?:\$\{|\d|\$\d|:)/gi)].map((m) => m[0]);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.split(path.sep).join('/'));
}

describe('list queries page by keyset, never by OFFSET', () => {
  it('finds an offset however it is written, and not in comments', () => {
    expect(offsetUses('db.selectFrom("posts").limit(20).offset(page * 20)')).toHaveLength(1);
    expect(offsetUses('sql`select * from posts limit 20 offset ${n}`')).toHaveLength(1);
    expect(offsetUses('const q = "SELECT 1 FROM jobs LIMIT $1 OFFSET $2"')).toHaveLength(1);
    expect(offsetUses('// keeps its limit/offset parameters\n/* .offset(1) */ const offset = 0;')).toEqual(
      [],
    );
  });

  it('no repository or service of a feature uses OFFSET, the admin job list aside', () => {
    const files = sourceFiles(FEATURES);
    expect(files.length).toBeGreaterThan(20);
    const found = Object.fromEntries(
      files
        .map((f) => [f, offsetUses(readFileSync(path.join(FEATURES, f), 'utf8')).length] as const)
        .filter(([, n]) => n > 0),
    );
    expect(found).toEqual(ALLOWED);
  });
});
