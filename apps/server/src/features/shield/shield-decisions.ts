import type { HeldType } from '@jamii/shared';
import { sql } from 'kysely';
import type { Kdb } from '../../db/database';
import type { RiskLevel } from '../../db/schema';
import type { ScreenedTable } from './shield.repo';

/** The table of each kind the shield screens. */
export const TABLE_OF: Record<HeldType, ScreenedTable> = {
  job: 'jobs',
  bid: 'bids',
  service: 'services',
  post: 'posts',
};
const AUTHOR_OF: Record<ScreenedTable, string> = {
  jobs: 'client_id',
  bids: 'client_id',
  services: 'user_id',
  posts: 'user_id',
};

export const isScreenedType = (type: string): type is HeldType => type in TABLE_OF;

/**
 * Open scam reports of an item from members other than its author. One report per member and item
 * is the reports table's own rule, so each report is a different member.
 */
export async function countScamReports(db: Kdb, type: HeldType, id: number): Promise<number> {
  const table = TABLE_OF[type];
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n
    from reports r join ${sql.table(table)} t on t.id = r.target_id
    where r.target_type = ${type} and r.target_id = ${id} and r.reason = 'scam' and r.status = 'open'
      and r.reporter_id <> t.${sql.ref(AUTHOR_OF[table])}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** Holds a visible item for a moderator; false when it was not visible (already held or hidden). */
export async function holdVisible(db: Kdb, type: HeldType, id: number): Promise<boolean> {
  const result = await sql`
    update ${sql.table(TABLE_OF[type])} set moderation = 'held'
    where id = ${id} and moderation = 'visible'`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** The shield's stored verdict on an item. */
export async function findVerdict(db: Kdb, type: HeldType, id: number) {
  const { rows } = await sql<{ risk_level: RiskLevel; risk_reasons: string[]; moderation: string }>`
    select risk_level, risk_reasons, moderation from ${sql.table(TABLE_OF[type])} where id = ${id}`.execute(
    db,
  );
  return rows[0];
}

/** What a decision row keeps of an item: the shield's verdict and the scam reports, read now. */
export async function readForDecision(db: Kdb, type: HeldType, id: number) {
  const verdict = await findVerdict(db, type, id);
  return verdict ? { ...verdict, scam_reports: await countScamReports(db, type, id) } : undefined;
}
export type DecisionSnapshot = NonNullable<Awaited<ReturnType<typeof readForDecision>>>;

/**
 * Counts a moderator's decision on a screened item, with the shield's verdict at that moment: the
 * figures of `npm run shield:report`. Nothing is learned from it automatically.
 */
export async function recordDecision(
  db: Kdb,
  row: { type: HeldType; id: number; approve: boolean; decidedBy: number },
  snapshot?: DecisionSnapshot,
): Promise<void> {
  const seen = snapshot ?? (await readForDecision(db, row.type, row.id));
  if (!seen) return;
  await db
    .insertInto('shield_decisions')
    .values({
      target_type: row.type,
      target_id: row.id,
      shield_held: seen.risk_level === 'high',
      scam_reports: seen.scam_reports,
      decision: row.approve ? 'approve' : 'reject',
      risk_level: seen.risk_level,
      risk_reasons: seen.risk_reasons,
      decided_by: row.decidedBy,
    })
    .execute();
}

export interface DecisionCounts {
  shield_held: boolean;
  decision: 'approve' | 'reject';
  n: number;
}

/** The decisions counted by the shield's verdict and the moderator's, optionally since a time. */
export async function countDecisions(db: Kdb, since?: Date): Promise<DecisionCounts[]> {
  let query = db
    .selectFrom('shield_decisions')
    .select(['shield_held', 'decision', sql<number>`count(*)::int`.as('n')])
    .groupBy(['shield_held', 'decision']);
  if (since) query = query.where('created_at', '>=', since);
  return query.execute();
}

/** How often each reason appeared on held items moderators approved (false positives) or rejected. */
export async function countReasons(db: Kdb, since?: Date) {
  let query = db
    .selectFrom('shield_decisions')
    .select([sql<string>`unnest(risk_reasons)`.as('reason'), 'decision', sql<number>`count(*)::int`.as('n')])
    .where('shield_held', '=', true)
    .groupBy(['reason', 'decision']);
  if (since) query = query.where('created_at', '>=', since);
  return query.orderBy('reason').orderBy('decision').execute();
}

/**
 * The shield's confusion figures from the moderators' decisions: held and rejected is a true
 * positive, held and approved a false positive, let through but rejected (after scam reports) a
 * false negative, let through and approved a true negative. A rate is null with nothing to divide.
 */
export function confusionFigures(counts: readonly DecisionCounts[]) {
  const n = (held: boolean, decision: 'approve' | 'reject') =>
    counts.filter((c) => c.shield_held === held && c.decision === decision).reduce((t, c) => t + c.n, 0);
  const tp = n(true, 'reject');
  const fp = n(true, 'approve');
  const fn = n(false, 'reject');
  const tn = n(false, 'approve');
  const rate = (num: number, den: number) => (den === 0 ? null : num / den);
  return {
    decisions: tp + fp + fn + tn,
    tp,
    fp,
    fn,
    tn,
    /** Of what the shield held, the share moderators rejected. */
    precision: rate(tp, tp + fp),
    /** Of what moderators rejected, the share the shield had held. */
    recall: rate(tp, tp + fn),
    /** Of what moderators approved, the share the shield had held. */
    falseHoldRate: rate(fp, fp + tn),
  };
}
export type ConfusionFigures = ReturnType<typeof confusionFigures>;
