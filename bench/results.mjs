// Shared by the benchmarks: arguments, medians, and appending a dated table to bench/RESULTS.md.
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';

export const RESULTS = path.join(import.meta.dirname, 'RESULTS.md');

export function parseSize(argv) {
  const out = { size: 'M', pglite: undefined };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--size') out.size = String(argv[++i]).toUpperCase();
    else if (argv[i] === '--pglite') out.pglite = argv[++i];
  }
  if (out.size !== 'M' && out.size !== 'L') throw new Error(`--size is M or L, not ${out.size}`);
  return out;
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The nearest-rank `p`th percentile of `sorted` (ascending); 0 when it is empty. */
export function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function markdownTable(rows) {
  const keys = Object.keys(rows[0] ?? {});
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [
    line(keys),
    line(keys.map(() => '---')),
    ...rows.map((r) => line(keys.map((k) => String(r[k])))),
  ].join('\n');
}

/** Appends a section (date, machine, command, table, notes) unless BENCH_NO_RESULTS is set. */
export function appendResults(title, command, rows, notes = []) {
  if (process.env.BENCH_NO_RESULTS) return;
  if (!existsSync(RESULTS))
    writeFileSync(RESULTS, '# Benchmark results\n\nEach run of a benchmark appends its section here.\n');
  const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), node ${process.version}`;
  appendFileSync(
    RESULTS,
    `\n## ${title}\n\n${when} · ${machine} · \`${command}\`\n\n${markdownTable(rows)}\n${notes.map((n) => `\n${n}`).join('')}\n`,
  );
}
