// Shared by the benchmarks: arguments, medians, and writing a run's dated table under bench/results/.
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';

export const RESULTS_DIR = path.resolve(import.meta.dirname, '../results');

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

/**
 * The file a run of `bench` (`api`, `soak`, …) on `date` goes to: one file per benchmark and day, so
 * the newest figure of a benchmark is its newest file, and a day's runs of it read together.
 */
export function resultsFile(bench, date, dir = RESULTS_DIR) {
  if (!/^[a-z][a-z0-9-]*$/.test(bench))
    throw new Error(`a benchmark's name is lower-case words, not ${bench}`);
  return path.join(dir, `${date.toISOString().slice(0, 10)}-${bench}.md`);
}

/**
 * Writes a run's section (time, machine, command, table, notes) to bench/results/<date>-<bench>.md,
 * after that day's earlier runs of the same benchmark, unless BENCH_NO_RESULTS is set. Answers the file.
 */
export function appendResults(
  bench,
  title,
  command,
  rows,
  notes = [],
  { dir = RESULTS_DIR, now = new Date() } = {},
) {
  if (process.env.BENCH_NO_RESULTS) return undefined;
  const file = resultsFile(bench, now, dir);
  mkdirSync(dir, { recursive: true });
  if (!existsSync(file))
    writeFileSync(file, `# ${title.split(' — ')[0]}, ${now.toISOString().slice(0, 10)}\n`);
  const when = now.toISOString().replace(/\.\d+Z$/, 'Z');
  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), node ${process.version}`;
  appendFileSync(
    file,
    `\n## ${title}\n\n${when} · ${machine} · \`${command}\`\n\n${markdownTable(rows)}\n${notes.map((n) => `\n${n}`).join('')}\n`,
  );
  console.log(`Results written to ${path.relative(process.cwd(), file)}`);
  return file;
}
