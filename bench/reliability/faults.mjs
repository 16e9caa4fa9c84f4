// `npm run faults`: the race and process-fault tests (docs/testing.md, Faults we test), wider than CI runs them, on the
// PostgreSQL server of TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres):
// - apps/server/test/races.test.ts: RACE_ROUNDS rounds (3) of RACE_BIDS bids (100) × RACE_WIDTH
//   parallel accepts (50), RACE_LIKES likes and unlikes on one post (200), and the other races;
// - apps/server/test/faults.cluster.test.ts: SIGKILL mid-burst with FAULT_CLIENTS clients (8) ×
//   FAULT_WRITES writes (90), on PostgreSQL and PGlite, then SIGTERM under load.
// Each variable set in the environment wins. Prints the summary and writes it to bench/results/<date>-faults.md
// (BENCH_NO_RESULTS=1 to skip). Exits non-zero when a test failed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { appendResults } from '../lib/results.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const env = {
  TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
  RACE_ROUNDS: '3',
  RACE_BIDS: '100',
  RACE_WIDTH: '50',
  RACE_LIKES: '200',
  FAULT_CLIENTS: '8',
  FAULT_WRITES: '90',
  ...process.env,
  RACE_REPORT: '1',
  FAULT_REPORT: '1',
};

/** Runs one vitest project on one file (bounded to 15 minutes); answers its output and status. */
function run(project, file) {
  const started = Date.now();
  const out = spawnSync('npx', ['vitest', 'run', '--project', project, '--testTimeout', '900000', file], {
    cwd: root,
    env: { ...env, FAULT_TEST_MS: '900000' },
    encoding: 'utf8',
    timeout: 15 * 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const text = `${out.stdout ?? ''}${out.stderr ?? ''}`;
  const tests = /Tests\s+(.*)/.exec(stripVTControlCharacters(text))?.[1]?.trim() ?? 'did not finish';
  return { ok: out.status === 0, text, tests, seconds: Math.round((Date.now() - started) / 1000) };
}

const marked = (text, mark) => {
  const line = text.split('\n').find((l) => l.startsWith(`${mark} `));
  return line ? JSON.parse(line.slice(mark.length + 1)) : undefined;
};

const races = run('integration', 'apps/server/test/races.test.ts');
const faults = run('cluster', 'apps/server/test/faults.cluster.test.ts');
const raceReport = marked(races.text, 'RACES');
const faultReport = marked(faults.text, 'FAULTS');

const rows = [];
for (const [race, { requests, anomalies }] of Object.entries(raceReport?.races ?? {}))
  rows.push({ run: `race: ${race}`, requests, 'anomalies / lost': anomalies, detail: '' });
for (const [label, o] of Object.entries(faultReport ?? {})) {
  if (label.endsWith('sigterm'))
    rows.push({
      run: `SIGTERM under load (${label})`,
      requests: o.ok + o.closing503 + o.refused + o.reset + o.timeout + o.other,
      'anomalies / lost': o.timeout + o.other + o.otherStatus + (o.begun - o.finished),
      detail: `200: ${o.ok}, 503 closing: ${o.closing503}, refused: ${o.refused}, reset before read: ${o.reset}, server began/finished ${o.begun}/${o.finished}, exit ${o.code} after ${o.exitMs} ms`,
    });
  else
    rows.push({
      run: `SIGKILL mid-burst (${label === 'pg' ? 'PostgreSQL' : 'PGlite'})`,
      requests: o.sent,
      'anomalies / lost': o.lost + o.duplicates,
      detail: `acknowledged ${o.acknowledged}, lost ${o.lost}; unanswered ${o.unanswered}: resent → ${o.resentHeldByKilled} held by the killed process until its lease ended; ${o.resentAnswered} answered (${o.resentReplayed} replayed), ${o.resentAnswerLost} × 409 answer lost (written before the kill), ${o.resentStillClaimed} × 409 key still claimed after the lease; duplicates ${o.duplicates}`,
    });
}

// A failed test is an anomaly whatever its kind: its name and first error line go in the notes.
const failures = [races, faults].flatMap(({ text }) =>
  stripVTControlCharacters(text)
    .split('\n')
    .filter((line) => /^\s*FAIL\s.*>/.test(line) || /^(AssertionError|Error):/.test(line.trim()))
    .map((line) => line.trim().slice(0, 300)),
);
const summary = [
  `races.test.ts (${races.seconds} s): ${races.tests}`,
  `faults.cluster.test.ts (${faults.seconds} s): ${faults.tests}`,
  ...(failures.length
    ? ['Failures (each an anomaly; a failed race test records no row above):', ...failures]
    : []),
];
console.log(summary.join('\n'));
console.table(rows);
if (!races.ok) console.log(races.text.slice(-4000));
if (!faults.ok) console.log(faults.text.slice(-4000));
appendResults(
  'faults',
  'faults — races and process faults (PostgreSQL and PGlite)',
  `npm run faults (RACE_ROUNDS=${env.RACE_ROUNDS} RACE_BIDS=${env.RACE_BIDS} RACE_WIDTH=${env.RACE_WIDTH} RACE_LIKES=${env.RACE_LIKES} FAULT_CLIENTS=${env.FAULT_CLIENTS} FAULT_WRITES=${env.FAULT_WRITES})`,
  rows,
  summary,
);
process.exit(races.ok && faults.ok ? 0 : 1);
