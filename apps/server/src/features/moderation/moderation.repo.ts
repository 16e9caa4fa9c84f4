import type { ReportReason, ReportTargetType } from '@jamii/shared';
import { sql } from 'kysely';
import type { Kdb } from '../../db/database';
import { keysetPage, type PageRequest } from '../../platform/pagination';

export const insertReport = (
  db: Kdb,
  r: {
    reporter_id: number;
    target_type: ReportTargetType;
    target_id: number;
    reason: ReportReason;
    note: string;
  },
) =>
  db
    .insertInto('reports')
    .values(r)
    .onConflict((oc) => oc.columns(['reporter_id', 'target_type', 'target_id']).doNothing())
    .returningAll()
    .executeTakeFirst();

export const findReport = (db: Kdb, id: number) =>
  db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();

/** Open reports grouped by target, the most recently reported first. */
export function listOpenGroups(db: Kdb, page: PageRequest) {
  const groups = db
    .selectFrom('reports')
    .select([
      'target_type',
      'target_id',
      sql<number>`max(id)`.as('id'),
      sql<number>`count(*)::int`.as('count'),
      sql<ReportReason[]>`array_agg(distinct reason)`.as('reasons'),
      sql<string[]>`coalesce(array_agg(note order by id) filter (where note <> ''), '{}')`.as('notes'),
      sql<Date>`min(created_at)`.as('first_reported_at'),
      sql<Date>`max(created_at)`.as('last_reported_at'),
    ])
    .where('status', '=', 'open')
    .groupBy(['target_type', 'target_id']);
  return keysetPage(
    db.selectFrom(groups.as('g')).selectAll('g'),
    { createdAt: 'g.last_reported_at', id: 'g.id' },
    page,
  ).execute();
}

/** Closes every open report on a target; answers the reporters. */
export const resolveOpen = (
  db: Kdb,
  target: { type: ReportTargetType; id: number },
  status: 'dismissed' | 'actioned',
  adminId: number,
) =>
  db
    .updateTable('reports')
    .set({ status, resolved_by: adminId, resolved_at: new Date() })
    .where('target_type', '=', target.type)
    .where('target_id', '=', target.id)
    .where('status', '=', 'open')
    .returning(['id', 'reporter_id'])
    .execute();

export const insertAudit = (
  db: Kdb,
  a: {
    admin_id: number;
    admin_username: string;
    action: string;
    target_type: string;
    target_id: number | null;
    target_label?: string;
    note?: string;
  },
) => db.insertInto('audit_log').values(a).execute();

export const listAudit = (db: Kdb, page: PageRequest) =>
  keysetPage(
    db.selectFrom('audit_log').selectAll(),
    { createdAt: 'audit_log.created_at', id: 'audit_log.id' },
    page,
  ).execute();

const memberColumns = [
  'id',
  'username',
  'name',
  'email',
  'role',
  'suspended_at',
  'suspended_reason',
  'created_at',
] as const;

export const findMemberByUsername = (db: Kdb, username: string) =>
  db
    .selectFrom('users')
    .select(memberColumns)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();

export const findMembers = (db: Kdb, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('users').select(['id', 'username', 'name']).where('id', 'in', ids).execute();

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function listMembers(db: Kdb, search: string | undefined, page: PageRequest) {
  let q = db.selectFrom('users').select(memberColumns);
  if (search) {
    const pattern = `%${escapeLike(search.replace(/^@/, ''))}%`;
    q = q.where((eb) =>
      eb.or([eb('username', 'ilike', pattern), eb('name', 'ilike', pattern), eb('email', 'ilike', pattern)]),
    );
  }
  return keysetPage(q, { createdAt: 'users.created_at', id: 'users.id' }, page).execute();
}

export const updateMember = (
  db: Kdb,
  id: number,
  set: { suspended_at?: Date | null; suspended_reason?: string | null; role?: 'member' | 'admin' },
) => db.updateTable('users').set(set).where('id', '=', id).returning(memberColumns).executeTakeFirstOrThrow();

/** Ends every login of the member (their access tokens stop working at their next call). */
export const revokeAllLogins = (db: Kdb, userId: number) =>
  db
    .updateTable('session_families')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();

export interface HeldRow {
  type: 'post' | 'job' | 'bid' | 'service';
  id: number;
  author_id: number;
  preview: string;
  /** The text the shield read: the item's text columns joined by new lines (SCREENED's order). */
  text: string;
  scam_reports: number;
  risk_level: 'none' | 'caution' | 'high';
  risk_reasons: string[];
  created_at: Date;
  cursor_key: string;
}

/** Items the scam shield held, newest first, across the four screened kinds. */
export async function listHeld(db: Kdb, page: PageRequest) {
  const after = page.after
    ? sql`where (h.created_at, h.id) < (${page.after.createdAt}::timestamptz, ${page.after.id}::integer)`
    : sql``;
  const { rows } = await sql<HeldRow>`
    select h.*, to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_key,
      (select count(*)::int from reports r
        where r.target_type = h.type and r.target_id = h.id and r.reason = 'scam' and r.status = 'open'
          and r.reporter_id <> h.author_id) as scam_reports
    from (
      select 'post' as type, id, user_id as author_id, left(content, 140) as preview,
        concat_ws(E'\n', coalesce(title, ''), coalesce(content, '')) as text, risk_level, risk_reasons, created_at from posts where moderation = 'held'
      union all
      select 'job', id, client_id, left(title, 140),
        concat_ws(E'\n', coalesce(title, ''), coalesce(company, ''), coalesce(location, ''), coalesce(salary, ''), coalesce(description, '')),
        risk_level, risk_reasons, created_at from jobs where moderation = 'held'
      union all
      select 'bid', id, client_id, left(job_title, 140), concat_ws(E'\n', coalesce(job_title, ''), coalesce(description, '')),
        risk_level, risk_reasons, created_at from bids where moderation = 'held'
      union all
      select 'service', id, user_id, left(title, 140), concat_ws(E'\n', coalesce(title, ''), coalesce(description, '')),
        risk_level, risk_reasons, created_at from services where moderation = 'held'
    ) h ${after}
    order by h.created_at desc, h.id desc
    limit ${page.limit + 1}`.execute(db);
  return rows;
}

/** A member's posts (their live rooms are re-checked when the member is suspended or restored). */
export const findPostIdsOf = async (db: Kdb, userId: number) =>
  (await db.selectFrom('posts').select('id').where('user_id', '=', userId).execute()).map((r) => r.id);
