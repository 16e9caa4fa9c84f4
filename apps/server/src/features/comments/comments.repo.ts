import { sql } from 'kysely';
import { AUTHOR_COLUMNS, selectWithAuthor } from '../../db/authors';
import type { Kdb } from '../../db/database';
import { keysetPage, type PageRequest } from '../../platform/pagination';
import { isItemVisible, type Viewer, visibleItem } from '../../platform/visibility';
import { rowExists } from '../../db/row-exists';

// SQL of the comments feature only.

/** Comments with their author in the same row: one query per page. */
function selectComments(db: Kdb) {
  return selectWithAuthor(db, 'comments', 'author_id').select([
    'comments.id',
    'comments.post_id',
    'comments.parent_id',
    'comments.body',
    'comments.created_at',
    'comments.author_id',
    ...AUTHOR_COLUMNS,
  ]);
}

export type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>['executeTakeFirstOrThrow']>>;

/** The post a comment is written on or read under, with what the rules need. */
export const findPost = (db: Kdb, id: number) =>
  db.selectFrom('posts').select(['id', 'user_id', 'moderation']).where('id', '=', id).executeTakeFirst();

/** Whether the viewer may see the post (moderation, blocks both ways). */
export const isPostVisible = (db: Kdb, id: number, viewer: Viewer) => isItemVisible(db, 'posts', id, viewer);

/** A post's comments, oldest first: hidden ones and a blocked pair's left out (platform/visibility). */
export function listComments(db: Kdb, postId: number, viewer: Viewer, page: PageRequest) {
  const query = selectComments(db)
    .where('comments.post_id', '=', postId)
    .where(visibleItem(viewer, 'comments'));
  return keysetPage(query, { createdAt: 'comments.created_at', id: 'comments.id' }, page, 'asc').execute();
}

export const findComment = (db: Kdb, id: number) =>
  selectComments(db).where('comments.id', '=', id).executeTakeFirst();

/** A comment with its post's owner, for the delete rule. */
export const findCommentForChange = (db: Kdb, id: number) =>
  db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select([
      'comments.id',
      'comments.post_id',
      'comments.author_id',
      'comments.parent_id',
      'comments.moderation',
      'posts.user_id as post_owner_id',
    ])
    .where('comments.id', '=', id)
    .executeTakeFirst();

/** A member's role, for a socket that knows only the member's id. */
export const findViewer = (db: Kdb, userId: number) =>
  db.selectFrom('users').select(['id', 'role']).where('id', '=', userId).executeTakeFirst();

/** Whether the viewer may see the comment and its post (for reports). */
export const isCommentVisible = (db: Kdb, id: number, viewer: Viewer) =>
  rowExists(
    db
      .selectFrom('comments')
      .innerJoin('posts', 'posts.id', 'comments.post_id')
      .select('comments.id')
      .where('comments.id', '=', id)
      .where(visibleItem(viewer, 'comments'))
      .where(visibleItem(viewer, 'posts')),
  );

export const insertComment = (
  db: Kdb,
  comment: { post_id: number; author_id: number; parent_id: number | null; body: string },
) => db.insertInto('comments').values(comment).returning('id').executeTakeFirstOrThrow();

/** Its replies go with it (ON DELETE CASCADE); the post's count follows (trigger, 0022). */
export const deleteComment = (db: Kdb, id: number) =>
  db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();

/** The members who blocked, or were blocked by, this member: they get none of its live comments. */
export async function blockedWith(db: Kdb, userId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select blocked_id as id from blocks where blocker_id = ${userId}
    union
    select blocker_id as id from blocks where blocked_id = ${userId}`.execute(db);
  return rows.map((r) => r.id);
}
