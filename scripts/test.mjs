// `npm test`: every check of the project, in tiers, then one closing line that CI reads:
//   N passed, N failed, N skipped
// Lint, type checks, the OpenAPI linters and the build count as one check each; the test tiers count
// their tests.
// Unit, web and integration tests run on PGlite on this Node. When TEST_DATABASE_URL is set the unit and
// integration tiers run again on PostgreSQL (then nothing may be left behind in pg_database), on Node 24
// when NODE24_BIN names one (.ci/run installs it): every integration test thus runs on both databases
// and on both Nodes, in two runs instead of three.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { root, run } from './lib.mjs';

const reports = path.join(root, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each failed test by name with the start of its message, repeated at the end: CI often keeps only the tail. */
const failedTests = [];
const started = Date.now();
/** Wall time of each tier, printed before the closing line so a slow tier is easy to find. */
const timings = [];
async function timed(name, work) {
  const t0 = Date.now();
  try {
    return await work();
  } finally {
    timings.push([name, Math.round((Date.now() - t0) / 1000)]);
  }
}

function count(name, code) {
  if (code === 0) totals.passed++;
  else {
    totals.failed++;
    failures.push(name);
  }
  return code === 0;
}

async function gate(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  return count(name, await timed(name, () => run(command, args, { env: { ...process.env, ...env } })));
}

/** Runs a command with its output kept; resolves to its exit code and that output. */
function runKeepingOutput(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks) }),
    );
    child.on('error', (err) => resolve({ code: 127, output: Buffer.from(String(err)) }));
  });
}

/**
 * Gates run at the same time (lint and the type checks each keep one core busy: together they use
 * both; the OpenAPI linters are short beside them), each printed whole when it ends so their outputs
 * do not interleave.
 */
async function gatesAtOnce(gates) {
  await Promise.all(
    gates.map(async ([name, command, args]) => {
      const { code, output } = await timed(name, () => runKeepingOutput(command, args));
      console.log(`\n=== ${name} ===`);
      process.stdout.write(output);
      count(name, code);
    }),
  );
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

async function vitest(name, args, env = {}, node = undefined) {
  console.log(`\n=== ${name} ===`);
  const out = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const vitestArgs = ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  // On another Node, Vitest itself (and so its workers, which inherit its binary) runs on that Node.
  const [command, commandArgs] = node
    ? [node, [path.join(root, 'node_modules/vitest/vitest.mjs'), ...vitestArgs]]
    : ['npx', ['vitest', ...vitestArgs]];
  const code = await timed(name, () => run(command, commandArgs, { env: { ...process.env, ...env } }));
  const report = readJson(out);
  if (!report) {
    totals.failed++;
    failures.push(`${name} (no report)`);
    return;
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  failedTests.push(...failedInVitestReport(name, report));
  if (code !== 0 || report.numFailedTests > 0 || report.numTotalTests === 0) {
    if (report.numFailedTests === 0) totals.failed++;
    failures.push(name);
  }
}

/** The first line of a failure message, shortened, without colour codes. */
function firstLine(message = '') {
  const line = stripVTControlCharacters(message).trim().split('\n')[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** Vitest's JSON report (Jest's shape): a failed test, or a file that failed outside its tests (a hook, an import). */
function failedInVitestReport(tier, report) {
  const failed = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests)
      failed.push(`${tier}: ${where} › ${t.fullName}\n      ${firstLine(t.failureMessages?.[0])}`);
    if (tests.length === 0 && file.status === 'failed')
      failed.push(`${tier}: ${where}\n      ${firstLine(file.message)}`);
  }
  return failed;
}

/** Playwright's JSON report: each test that failed on its last try, with where it is and why. */
function failedInPlaywrightReport(run, report) {
  const failed = [];
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      const last = spec.tests?.at(-1)?.results?.at(-1);
      const title = [...titles.slice(1), spec.title].filter(Boolean).join(' › ');
      failed.push(`${run}: ${spec.file}:${spec.line} › ${title}\n      ${firstLine(last?.error?.message)}`);
    }
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return failed;
}

/** The PostgreSQL databases the integration runs of this `npm test` left behind (none, or it fails). */
async function leftoverGate() {
  console.log('\n=== no test database left on PostgreSQL ===');
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  let left;
  try {
    await client.connect();
    const { rows } = await client.query('select datname from pg_database where datname like $1', [
      `jamii\\_t${testRun}\\_%`,
    ]);
    left = rows.map((r) => r.datname);
  } catch (err) {
    left = [`(could not ask PostgreSQL: ${err.message})`];
  } finally {
    await client.end().catch(() => {});
  }
  if (left.length === 0) totals.passed++;
  else {
    console.error(`Left behind: ${left.join(', ')}`);
    totals.failed++;
    failures.push('test databases left on PostgreSQL');
  }
}

/**
 * The two Playwright projects (375 px and 1280 px) run at the same time, each in its own process with
 * its own server, port and data folder, so neither sees the other's members (the first prints as it
 * goes, the second when it ends). On CI's two cores: 467 s against 597 s one after the other, now
 * that a test costs about half a core (no service worker, no screenshots, API sign-in); the longest
 * test takes 18 s of its 60. E2E_PARALLEL=0 runs them one after the other in one process.
 */
async function playwright() {
  console.log('\n=== end-to-end (Playwright, Chromium) ===');
  if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    console.error('Chromium is not installed at /usr/bin/chromium (apt-get install chromium).');
    totals.failed++;
    failures.push('e2e (no Chromium)');
    return;
  }
  const basePort = Number(process.env.E2E_PORT ?? 3199);
  const runs =
    process.env.E2E_PARALLEL === '0'
      ? [{ name: 'e2e', args: [], port: basePort }]
      : ['mobile', 'desktop'].map((project, i) => ({
          name: `e2e ${project}`,
          args: ['--project', project, '--output', `test-results/${project}`],
          port: basePort + i,
        }));
  const results = await timed('end-to-end', () =>
    Promise.all(
      runs.map(async ({ name, args, port }, i) => {
        const out = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
        const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: out, E2E_PORT: String(port) };
        let code;
        if (i === 0) code = await run('npx', ['playwright', 'test', ...args], { env });
        else {
          const kept = await runKeepingOutput('npx', ['playwright', 'test', ...args], env);
          console.log(`\n=== ${name} (its output) ===`);
          process.stdout.write(kept.output);
          code = kept.code;
        }
        const report = readJson(out);
        if (report) failedTests.push(...failedInPlaywrightReport(name, report));
        return { name, code, stats: report?.stats };
      }),
    ),
  );
  for (const { name, code, stats } of results) {
    if (!stats) {
      totals.failed++;
      failures.push(`${name} (no report)`);
      continue;
    }
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    if (code !== 0 || stats.unexpected > 0) {
      if (stats.unexpected === 0) totals.failed++;
      failures.push(name);
    }
  }
}

await gatesAtOnce([
  ['lint', 'npm', ['run', 'lint']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  // The OpenAPI document linted by Spectral and Redocly (about 6 s of one core, offline).
  ['OpenAPI document (Spectral, Redocly)', 'npm', ['run', 'lint:openapi']],
]);
await vitest(
  'unit, web and integration on PGlite',
  ['--project', 'unit', '--project', 'web', '--project', 'integration'],
  {
    TEST_DATABASE_URL: '',
    // The suites that ask the database nothing a feature test does not (vitest.config.ts) run in the
    // PostgreSQL run only, when there is one.
    JAMII_DATABASE_NEUTRAL_ELSEWHERE: process.env.TEST_DATABASE_URL ? '1' : '',
  },
);
// The integration project's global set-up names its PostgreSQL databases after this run.
const testRun = `r${process.pid}`;
const node24 = process.env.NODE24_BIN;
if (process.env.TEST_DATABASE_URL) {
  // Without a second Node the unit tier has already run on this one.
  await vitest(
    node24 ? 'unit and integration on PostgreSQL, Node 24' : 'integration on PostgreSQL',
    node24 ? ['--project', 'unit', '--project', 'integration'] : ['--project', 'integration'],
    { JAMII_TEST_RUN: testRun },
    node24,
  );
  await leftoverGate();
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the integration suite ran on PGlite only)');
  if (node24)
    await vitest(
      'unit and integration on PGlite, Node 24',
      ['--project', 'unit', '--project', 'integration'],
      { TEST_DATABASE_URL: '' },
      node24,
    );
}
if (!node24) console.log('(NODE24_BIN is not set: the unit and integration tiers ran on this Node only)');
if (process.env.TEST_DATABASE_URL && process.env.REDIS_URL) {
  await vitest('two instances on PostgreSQL and Redis', ['--project', 'cluster']);
  // Three instances and a worker behind deploy/nginx.conf (nginx must be installed: else it fails).
  await vitest('three instances behind nginx', ['--project', 'balancer']);
} else {
  console.log('(TEST_DATABASE_URL and REDIS_URL are not both set: the two-instance test did not run)');
}
// A primary and a streaming standby it makes with PostgreSQL's own programs (they must be installed).
await vitest('read replica on a streaming standby', ['--project', 'replica']);
if (process.env.TEST_DATABASE_URL) {
  // The most database-heavy integration files again, through PgBouncer in transaction mode.
  await vitest('integration through PgBouncer', ['--project', 'pgbouncer'], {
    JAMII_PGBOUNCER_TIER: '1',
    JAMII_TEST_RUN: `${testRun}b`,
  });
}
if (await gate('build', 'npm', ['run', 'build'])) {
  // Gzip size of the JavaScript loaded before `/`, `/login` and `/feed` render, against budgets.
  await gate('JS size budgets', process.execPath, ['scripts/bundle-size.mjs']);
  await playwright();
}

console.log('\nTime per tier:');
for (const [name, seconds] of timings) console.log(`  ${String(seconds).padStart(5)} s  ${name}`);
if (failedTests.length > 0) {
  console.log('\nFailed tests:');
  for (const line of failedTests) console.log(`  ${line}`);
}
const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(`\nTook ${minutes} min.${failures.length ? ` Failed: ${failures.join('; ')}` : ''}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
