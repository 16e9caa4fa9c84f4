import type { ReportTargetType } from '@jamii/shared';
import { sql } from 'kysely';
import type { Kdb } from '../../db/database';
import type { CurrentUser } from '../../platform/auth';

/** What the moderation queue knows of a reported item. */
export interface TargetInfo {
  id: number;
  author_id: number;
  preview: string;
  moderation: 'visible' | 'hidden' | 'held' | null;
}

/**
 * One kind of reportable item: its table, the column naming its author, the column its preview
 * comes from, and whether it carries `moderation` (hide). Other features add their kinds with
 * `registerReportTarget` (messages: helper E); a kind without an entry answers 404 (comments until
 * they exist).
 */
export interface ReportTargetKind {
  table: string;
  authorColumn: string;
  previewColumn: string;
  moderated: boolean;
  /** Beyond moderation: may this member see the item at all (a message: only its conversation)? */
  canSee?: (db: Kdb, id: number, viewer: CurrentUser) => Promise<boolean>;
  /** How `remove` deletes it as its owner's delete does (files too); default: the row only. */
  remove?: (admin: CurrentUser, id: number) => Promise<void>;
}

/** The one registry of reportable kinds: target_type → table and author column. */
export const reportTargets: Partial<Record<ReportTargetType, ReportTargetKind>> = {
  post: { table: 'posts', authorColumn: 'user_id', previewColumn: 'content', moderated: true },
  job: { table: 'jobs', authorColumn: 'client_id', previewColumn: 'title', moderated: true },
  bid: { table: 'bids', authorColumn: 'client_id', previewColumn: 'job_title', moderated: true },
  offer: { table: 'offers', authorColumn: 'user_id', previewColumn: 'message', moderated: true },
  service: { table: 'services', authorColumn: 'user_id', previewColumn: 'title', moderated: true },
  video: { table: 'videos', authorColumn: 'user_id', previewColumn: 'title', moderated: true },
  user: { table: 'users', authorColumn: 'id', previewColumn: 'name', moderated: false },
};

/** Adds (or completes) a reportable kind, e.g. `registerReportTarget('message', {...})`. */
export function registerReportTarget(type: ReportTargetType, kind: ReportTargetKind) {
  reportTargets[type] = { ...reportTargets[type], ...kind };
}

export const PREVIEW_LENGTH = 140;

/** The items of one kind by id, in one query. */
export async function findTargets(db: Kdb, kind: ReportTargetKind, ids: number[]): Promise<TargetInfo[]> {
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

export async function findTarget(db: Kdb, kind: ReportTargetKind, id: number) {
  return (await findTargets(db, kind, [id]))[0];
}

export async function setModeration(db: Kdb, kind: ReportTargetKind, id: number, to: 'visible' | 'hidden') {
  await sql`update ${sql.table(kind.table)} set moderation = ${to} where id = ${id}`.execute(db);
}

export async function deleteRow(db: Kdb, kind: ReportTargetKind, id: number) {
  await sql`delete from ${sql.table(kind.table)} where id = ${id}`.execute(db);
}
