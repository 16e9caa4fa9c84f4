// Preloaded into the server under test by bench:growth (`node --import`): every SELECT the app sends
// through pg is appended as one JSON line {text, values} to BENCH_SQL_LOG, so the benchmark can run
// EXPLAIN (ANALYZE, BUFFERS) on exactly the queries a list request made.
import { appendFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_SQL_LOG;
if (file) {
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function capture(config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    const params = Array.isArray(values) ? values : config?.values;
    if (typeof text === 'string' && /^\s*(select|with)\b/i.test(text))
      appendFileSync(file, `${JSON.stringify({ text, values: params ?? [] })}\n`);
    return query.call(this, config, values, callback);
  };
}
