import pg from 'pg';

// Names and admin statements for the PostgreSQL test databases of one Vitest run: one migrated
// template (`jamii_t<run>_tpl`; run is JAMII_TEST_RUN or the pid of Vitest's main process) and a copy
// of it per test app (`jamii_t<run>_<random>`), so the run's teardown finds all it made by prefix.

export const TEST_DATABASE_PREFIX = 'jamii_t';

export const runPrefix = (run: string) => `${TEST_DATABASE_PREFIX}${run}_`;
export const templateName = (run: string) => `${runPrefix(run)}tpl`;

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs statements one after the other on a short-lived connection to the admin database. */
export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The databases whose names start with the prefix (LIKE's `_` and `%` taken literally). */
export async function databasesStartingWith(url: string, prefix: string): Promise<string[]> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await adminQuery<{ datname: string }>(
    url,
    'select datname from pg_database where datname like $1 order by datname',
    [pattern],
  );
  return rows.map((r) => r.datname);
}
