import { sql } from 'kysely';
import type { Kdb } from '../../db/database';
import type { ReportableKind } from '../../platform/reportables';

/** What the moderation queue knows of a reported item. */
export interface TargetInfo {
  id: number;
  author_id: number;
  preview: string;
  moderation: 'visible' | 'hidden' | 'held' | null;
}

export const PREVIEW_LENGTH = 140;

/**
 * The items of one kind by id, in one query. The table and columns come from the kind its owning
 * feature declared (never from a request), so naming them here is safe.
 */
export async function findTargets(db: Kdb, kind: ReportableKind, ids: number[]): Promise<TargetInfo[]> {
  if (ids.length === 0) return [];
  const moderation = kind.moderated ? sql.ref('moderation') : sql`null`;
  const { rows } = await sql<TargetInfo>`
    select id, ${sql.ref(kind.authorColumn)} as author_id,
           left(coalesce(${sql.ref(kind.previewColumn)}, ''), ${PREVIEW_LENGTH}) as preview,
           ${moderation} as moderation
    from ${sql.table(kind.table)}
    where id = any(${sql.val(ids)}::integer[])`.execute(db);
  return rows;
}

export async function findTarget(db: Kdb, kind: ReportableKind, id: number) {
  return (await findTargets(db, kind, [id]))[0];
}

export async function setModeration(db: Kdb, kind: ReportableKind, id: number, to: 'visible' | 'hidden') {
  await sql`update ${sql.table(kind.table)} set moderation = ${to} where id = ${id}`.execute(db);
}
