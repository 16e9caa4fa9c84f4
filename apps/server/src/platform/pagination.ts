import { ID_MAX, NEXT_CURSOR_HEADER, numberInput, PAGE_SIZE } from '@jamii/shared';
import type { FastifyReply } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { AppError } from './errors';

// Keyset pagination (docs/design.md#api-conventions), newest first on (created_at, id). The cursor is opaque to clients:
// base64url of "<created_at with microseconds>|<id>". Microseconds matter: a cursor cut to
// milliseconds would skip rows created within the same millisecond as the last row of a page.

export const PageQuery = z.object({
  limit: numberInput(
    z
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(PAGE_SIZE.max, `limit must be at most ${PAGE_SIZE.max}`),
  ).default(PAGE_SIZE.default),
  cursor: z.string().max(200).optional(),
});
export type PageQueryValues = z.infer<typeof PageQuery>;

export interface Keyset {
  /** ISO 8601 in UTC with microseconds, as PostgreSQL stores it. */
  createdAt: string;
  id: number;
}

export interface PageRequest {
  limit: number;
  after: Keyset | null;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const KEYSET_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/**
 * A time PostgreSQL will read as the same instant: JavaScript's Date rolls 2024-02-30 over to
 * March 1st and reads hour 24 and year 0, which PostgreSQL refuses (a 500 from SQL). So the date
 * and time must come back unchanged from a round trip through Date.
 */
function isExactKeysetTime(text: string): boolean {
  if (!KEYSET_TIME.test(text)) return false;
  const time = new Date(text);
  return (
    !Number.isNaN(time.getTime()) &&
    time.getUTCFullYear() >= 1 &&
    time.toISOString().slice(0, 19) === text.slice(0, 19)
  );
}

export const invalidCursor = () =>
  new AppError('INVALID_CURSOR', 400, 'This page link is not valid; start again from the first page', {
    cursor: 'Invalid cursor',
  });

export function encodeCursor(key: Keyset): string {
  return Buffer.from(`${key.createdAt}|${key.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): Keyset {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  const [createdAt = '', idText = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const id = Number(idText);
  if (rest.length > 0 || !isExactKeysetTime(createdAt) || !/^\d{1,10}$/.test(idText) || id < 1 || id > ID_MAX)
    throw invalidCursor();
  return { createdAt, id };
}

/** The page a list query asks for; a cursor that is not one of ours answers 400. */
export function toPageRequest(query: {
  limit?: number | undefined;
  cursor?: string | undefined;
}): PageRequest {
  return {
    limit: query.limit ?? PAGE_SIZE.default,
    after: query.cursor ? decodeCursor(query.cursor) : null,
  };
}

/**
 * Restricts a list query to one keyset page, newest first: rows strictly before the cursor, one
 * row more than the page (to know whether another follows), and each row's `cursor_key`.
 * `createdAt` and `id` name the ordering columns, e.g. `posts.created_at`, `posts.id`.
 * `order: 'asc'` pages oldest first instead (a comment thread): rows strictly after the cursor.
 */
export function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: { createdAt: string; id: string },
  page: PageRequest,
  order: 'asc' | 'desc' = 'desc',
): SelectQueryBuilder<DB, TB, O & { cursor_key: string }> {
  const createdAt = sql.ref(columns.createdAt);
  const id = sql.ref(columns.id);
  let q = query.select(
    sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_key'),
  ) as unknown as SelectQueryBuilder<DB, TB, O & { cursor_key: string }>;
  if (page.after) {
    const beyond = order === 'desc' ? sql`<` : sql`>`;
    q = q.where(
      sql<boolean>`(${createdAt}, ${id}) ${beyond} (${page.after.createdAt}::timestamptz, ${page.after.id}::integer)`,
    );
  }
  return q
    .orderBy(createdAt, order)
    .orderBy(id, order)
    .limit(page.limit + 1);
}

/** Cuts the extra row off a keyset query's answer and makes the cursor of the next page. */
export function toPage<T extends { cursor_key: string; id: number }>(rows: T[], page: PageRequest): Page<T> {
  const hasMore = rows.length > page.limit;
  const items = hasMore ? rows.slice(0, page.limit) : rows;
  const last = items.at(-1);
  return {
    items,
    nextCursor: hasMore && last ? encodeCursor({ createdAt: last.cursor_key, id: last.id }) : null,
  };
}

/** Answers a page as a JSON array (the specified API calls), with the next page's cursor in X-Next-Cursor. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return page.items;
}
