import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { listTables } from '../../test/db-snapshot';
import { makeUser, TEST_PASSWORD } from '../../test/factories';
import { fillFootprint, type Footprint } from '../../test/footprint';
import { withDatabase } from '../../test/postgres-template';
import { useTestApp } from '../../test/use-test-app';

const run = promisify(execFile);

// Erasure proof (docs/features/your-data.md, Kenya Data Protection Act 2019 s. 40): a member fills every field and
// file they control with a marker, then deletes the account; the marker is then found nowhere: not in
// any row of any table (and pg_dump's full dump on PostgreSQL), not in any stored file, not in the
// logs. The outbox (DATA_DIR/outbox, used when no SMTP_URL is set) is left out on purpose: it stands
// for mail already delivered to its recipients' mailboxes, which no service can take back.
const MARKER = 'Zqxerase';
const PHONE_DIGITS = '798765432';
const found = (text: string) =>
  text.toLowerCase().includes(MARKER.toLowerCase()) || text.includes(PHONE_DIGITS);

/** Every row of every table, as text (all its columns: text, JSON, arrays), that holds the marker. */
async function rowsHoldingMarker(db: TestApp['db']) {
  const hits: string[] = [];
  for (const table of await listTables(db)) {
    const { rows } = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(table)} t`.execute(db);
    for (const { row } of rows) if (found(row)) hits.push(`${table}: ${row.slice(0, 200)}`);
  }
  return hits;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('deleting an account erases every trace of it', () => {
  const logs: string[] = [];
  const t = useTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line: string) => void logs.push(line) },
  });
  let f: Footprint;
  let storedBefore: string[];

  beforeAll(async () => {
    f = await fillFootprint(t, MARKER, `0${PHONE_DIGITS}`);
    const admin = await makeUser(t, { role: 'admin' });
    const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
      const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res;
    };
    // What others and admins do about the member: a report on their post resolved by an admin (the
    // audit log quotes the post), a suspension and a restore (it names them), a search for them.
    const report = await call('POST', '/api/reports', f.b.token, {
      target_type: 'post',
      target_id: f.post.id,
      reason: 'spam',
    });
    await call('POST', `/api/admin/reports/${report.json().id}/resolve`, admin.token, { action: 'dismiss' });
    const username = encodeURIComponent(f.a.username);
    await call('POST', `/api/admin/users/${username}/suspend`, admin.token, { reason: 'Checking a report' });
    await call('POST', `/api/admin/users/${username}/restore`, admin.token);
    await call('GET', `/api/users/${username}`, f.b.token);
    await call('GET', `/api/users/suggestions?search=${MARKER}`, f.b.token);
    // The suspension ended the member's sessions: they sign in again and download their data first,
    // as many would.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: f.a.username, password: TEST_PASSWORD },
    });
    const token = (login.json() as { token: string }).token;
    await call('GET', `/api/users/${f.a.id}/export`, token);
    storedBefore = [
      ...(await filesUnder(path.join(t.dataDir, 'media'))),
      ...(await filesUnder(path.join(t.dataDir, 'private'))),
    ];

    // The marker is everywhere before: the searches below would find it.
    expect(storedBefore.length).toBeGreaterThanOrEqual(5);
    expect((await rowsHoldingMarker(t.db)).length).toBeGreaterThan(20);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${f.a.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(204);
    await t.app.background.settled();
  }, 180_000);

  it('leaves no row of any table holding the marker, nor a line of pg_dump on PostgreSQL', async () => {
    expect(await rowsHoldingMarker(t.db)).toEqual([]);
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.db);
      const { stdout } = await run(
        'pg_dump',
        ['--data-only', '--no-owner', withDatabase(url, rows[0]!.name)],
        {
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      expect(stdout).toContain('COPY public.users');
      expect(stdout.split('\n').filter(found)).toEqual([]);
    }
  });

  it('removes every file the member stored, and no stored file holds the marker', async () => {
    const after = [
      ...(await filesUnder(path.join(t.dataDir, 'media'))),
      ...(await filesUnder(path.join(t.dataDir, 'private'))),
      ...(await filesUnder(path.join(t.dataDir, 'tmp'))),
    ];
    expect(after.filter((file) => storedBefore.includes(file))).toEqual([]);
    const holding: string[] = [];
    for (const file of after) if (found((await readFile(file)).toString('latin1'))) holding.push(file);
    expect(holding).toEqual([]);
  });

  it('writes no log line holding the marker', () => {
    expect(logs.length).toBeGreaterThan(20);
    expect(logs.filter(found)).toEqual([]);
  });

  it('keeps other members’ data consistent', async () => {
    const ask = (url: string) => t.app.inject({ method: 'GET', url, headers: f.b.auth });
    // B's post: the like of the deleted member no longer counts; their comment is gone.
    const post = (await ask(`/api/posts/${f.bPost.id}`)).json();
    expect(post).toMatchObject({ likes: 0, comment_count: 0 });
    // The conversation went with the member (its other side is no one), B's own lines included.
    expect((await ask('/api/conversations')).json()).toEqual([]);
    // B's rating no longer counts the deleted member's review.
    expect((await ask(`/api/users/${f.b.id}`)).json()).toMatchObject({ rating_count: 0 });
    // B's notifications about the member are gone; those B caused for the member went with them.
    const notes = (await ask(`/api/notifications/${f.b.id}`)).json() as { message: string }[];
    expect(notes.filter((n) => found(n.message))).toEqual([]);
  });
});
