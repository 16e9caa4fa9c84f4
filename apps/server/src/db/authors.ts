import type { SelectQueryBuilder } from 'kysely';
import type { Kdb } from './database';
import type { DB } from './schema';

/** What every list shows of the member beside their item: name, handle and picture. */
export const AUTHOR_COLUMNS = ['users.name', 'users.username', 'users.profile_pic'] as const;

/**
 * A member's items with their author (`users`) joined by the column that names the author, e.g.
 * `posts.user_id` (for a block, the blocked member): the first lines of each feature's "select with author" query, which then takes
 * AUTHOR_COLUMNS (or any other of the author's columns) in its select.
 */
export function selectWithAuthor<T extends keyof DB & string>(
  db: Kdb,
  table: T,
  authorColumn: keyof DB[T] & string,
): SelectQueryBuilder<DB, T | 'users', object> {
  const query = db.selectFrom(table as 'users') as unknown as SelectQueryBuilder<DB, 'users', object>;
  return query.innerJoin(
    'users',
    'users.id',
    `${table}.${authorColumn}` as never,
  ) as unknown as SelectQueryBuilder<DB, T | 'users', object>;
}
