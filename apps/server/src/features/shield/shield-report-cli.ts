import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { migrate } from '../../db/migrate';
import { confusionFigures, countDecisions, countReasons } from './shield-decisions';

// `npm run shield:report [-- --since 2026-11-01] [--json]`: the scam shield's confusion figures from
// the moderators' decisions (docs/features/shield.md#moderators-decisions), for the database the
// settings name (DATABASE_URL, or the embedded one under DATA_DIR). It reads; it changes nothing.

const print = (line = '') => process.stdout.write(`${line}\n`);
const pct = (r: number | null) => (r === null ? '—' : `${(r * 100).toFixed(1)} %`);

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { since: { type: 'string' }, json: { type: 'boolean', default: false } },
});
const since = values.since ? new Date(values.since) : undefined;
if (since && Number.isNaN(since.getTime())) {
  process.stderr.write('usage: npm run shield:report [-- --since YYYY-MM-DD] [--json]\n');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(database.db);
  const figures = confusionFigures(await countDecisions(database.db, since));
  const reasons = await countReasons(database.db, since);
  if (values.json) {
    print(JSON.stringify({ since: since?.toISOString() ?? null, ...figures, reasons }));
  } else {
    print(`scam shield: ${figures.decisions} moderator decisions${since ? ` since ${values.since}` : ''}`);
    print();
    print('                     moderator rejected   moderator approved');
    print(
      `  shield held        TP ${String(figures.tp).padStart(8)}          FP ${String(figures.fp).padStart(8)}`,
    );
    print(
      `  shield let through FN ${String(figures.fn).padStart(8)}          TN ${String(figures.tn).padStart(8)}`,
    );
    print();
    print(`  precision ${pct(figures.precision)}  (of what the shield held, rejected by a moderator)`);
    print(`  recall    ${pct(figures.recall)}  (of what moderators rejected, held by the shield first)`);
    print(`  false holds ${pct(figures.falseHoldRate)}  (of what moderators approved, held by the shield)`);
    if (reasons.length > 0) {
      print();
      print('  reasons on held items      rejected  approved');
      const byReason = new Map<string, { reject: number; approve: number }>();
      for (const r of reasons) {
        const row = byReason.get(r.reason) ?? { reject: 0, approve: 0 };
        row[r.decision] += r.n;
        byReason.set(r.reason, row);
      }
      for (const [reason, row] of byReason)
        print(`  ${reason.padEnd(26)} ${String(row.reject).padStart(8)}  ${String(row.approve).padStart(8)}`);
    }
  }
} finally {
  await database.close();
}
