import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../../db/migrate';
import { emptyTestDatabase, testDatabaseKind } from '../../test/test-database';
import { upsertGroupedNotification } from './notifications.repo';
import { renderStored } from './notifications.service';

// Migration 0040 stores notifications as a kind and its parameters only: rows written before it keep
// reading as they did, in the reader's language where they have a kind.
describe(`notifications written before migration 0040, on ${testDatabaseKind()}`, () => {
  it('read as before: a sentence where there is no kind, the kind rendered where there is', async () => {
    const old = await emptyTestDatabase();
    try {
      const files = readMigrations();
      const at = files.findIndex((file) => file.name.startsWith('0040_'));
      expect(at).toBeGreaterThan(0);
      await migrate(old.db, files.slice(0, at));
      const member = await old.db
        .insertInto('users')
        .values({
          username: '@old_reader',
          name: 'Old Reader',
          email: 'old@reader.co.ke',
          password_hash: 'x',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // As the server wrote them before: a sentence only (before 0029), or a kind with its English beside it.
      await sql`insert into notifications (user_id, message) values (${member.id}, 'Welcome to Jamii')`.execute(
        old.db,
      );
      await sql`insert into notifications (user_id, message, kind, params, group_key)
        values (${member.id}, 'Brian liked your post', 'post_liked', ${JSON.stringify({ name: 'Brian', others: 0 })}::jsonb, 'like:1'),
               (${member.id}, 'Amina (@amina) started following you', 'followed', ${JSON.stringify({ name: 'Amina', username: '@amina' })}::jsonb, null)`.execute(
        old.db,
      );

      await migrate(old.db, files);
      const rows = await old.db
        .selectFrom('notifications')
        .select(['kind', 'params', 'message'])
        .where('user_id', '=', member.id)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [r.kind, r.message])).toEqual([
        [null, 'Welcome to Jamii'],
        ['post_liked', null],
        ['followed', null],
      ]);
      expect(rows.map((r) => renderStored(r, 'sw'))).toEqual([
        'Welcome to Jamii',
        'Brian amependa chapisho lako',
        'Amina (@amina) ameanza kukufuata',
      ]);

      // A group's row from before is refreshed as any other; a notice of any length now stores.
      const liked = await upsertGroupedNotification(old.db, {
        user_id: member.id,
        kind: 'post_liked',
        params: { name: 'Wanjiru '.repeat(100).trim(), others: 1 },
        type: 'info',
        group_key: 'like:1',
      });
      expect(renderStored(liked!, 'en')).toBe(`${'Wanjiru '.repeat(100).trim()} and 1 other liked your post`);
      // A row must say something: a kind, or (rows from before) a sentence.
      await expect(
        sql`insert into notifications (user_id) values (${member.id})`.execute(old.db),
      ).rejects.toThrow(/notifications_kind_or_message/);
    } finally {
      await old.close();
    }
  }, 60_000);
});
