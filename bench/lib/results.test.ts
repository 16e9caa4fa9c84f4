import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appendResults, RESULTS_DIR, resultsFile } from './results.mjs';

describe('a benchmark run\u2019s results', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'jamii-bench-results-'));
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.stubEnv('BENCH_NO_RESULTS', '');
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('go to bench/results/<date>-<bench>.md', () => {
    expect(resultsFile('api', new Date('2026-12-01T23:59:00Z'))).toBe(
      path.join(RESULTS_DIR, '2026-12-01-api.md'),
    );
    expect(RESULTS_DIR.endsWith(path.join('bench', 'results'))).toBe(true);
    expect(() => resultsFile('../api', new Date())).toThrow(/lower-case words/);
  });

  it('write one dated file per benchmark and day, a day\u2019s runs one after the other', () => {
    const rows = [{ endpoint: 'feed', 'req/s': 900 }];
    const morning = new Date('2026-12-01T08:00:00Z');
    const evening = new Date('2026-12-01T20:30:00Z');
    appendResults('api', 'bench:api — PGlite, size M', 'npm run bench:api', rows, ['A note.'], {
      dir,
      now: morning,
    });
    appendResults('api', 'bench:api — PostgreSQL, size M', 'npm run bench:api', rows, [], {
      dir,
      now: evening,
    });
    appendResults('soak', 'bench:soak — PostgreSQL', 'npm run bench:soak', rows, [], {
      dir,
      now: new Date('2026-12-02T01:00:00Z'),
    });

    expect(readdirSync(dir).sort()).toEqual(['2026-12-01-api.md', '2026-12-02-soak.md']);
    const day = readFileSync(path.join(dir, '2026-12-01-api.md'), 'utf8');
    expect(day.startsWith('# bench:api, 2026-12-01\n\n## bench:api — PGlite, size M\n')).toBe(true);
    expect(day).toContain('2026-12-01T08:00:00Z · ');
    expect(day).toContain(
      '· `npm run bench:api`\n\n| endpoint | req/s |\n| --- | --- |\n| feed | 900 |\n\nA note.\n',
    );
    expect(day.indexOf('PGlite, size M')).toBeLessThan(day.indexOf('## bench:api — PostgreSQL, size M'));
    expect(day).toContain('2026-12-01T20:30:00Z · ');
  });

  it('are not written when BENCH_NO_RESULTS is set', () => {
    vi.stubEnv('BENCH_NO_RESULTS', '1');
    expect(appendResults('api', 'bench:api', 'npm run bench:api', [{ a: 1 }], [], { dir })).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
  });
});
