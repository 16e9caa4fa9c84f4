import { sql } from 'kysely';
import { extractMentions } from '@jamii/shared';
import type { Kdb } from '../db/database';
import { notBlockedWith } from './visibility';

/**
 * The members a text (a post, a comment) may notify of a mention (docs/design.md#conversation-around-posts): the @usernames it
 * names, up to ten, not the author, not suspended, not on either side of a block with the author.
 */
export async function findMentionedMembers(db: Kdb, text: string, authorId: number): Promise<number[]> {
  const usernames = extractMentions(text);
  if (usernames.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('users.id')
    .where(
      sql<string>`lower(users.username)`,
      'in',
      usernames.map((name) => `@${name}`),
    )
    .where('users.id', '<>', authorId)
    .where('users.suspended_at', 'is', null)
    .where(notBlockedWith({ id: authorId, role: 'member' }, 'users.id'))
    .execute();
  return rows.map((row) => row.id);
}
