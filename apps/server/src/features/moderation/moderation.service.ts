import {
  ALREADY_REPORTED_MESSAGE,
  matchedWords,
  SCAM_REPORTS_TO_HOLD,
  type AdminMember,
  type AuditEntry,
  type HeldDecision,
  type HeldType,
  type ReportGroup,
  type ReportInputValues,
  type ReportTargetType,
  type ResolveAnswer,
  type ResolveInputValues,
} from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CurrentUser } from '../../platform/auth';
import type { Platform } from '../../platform/context';
import type { ReportableKind } from '../../platform/reportables';
import { AppError, conflict, notFound, validationError } from '../../platform/errors';
import { toPage, type PageRequest } from '../../platform/pagination';
import { createNotifier } from '../notifications/notifications.service';
import * as repo from './moderation.repo';
import { writeAudit, type AuditRecord } from './moderation.audit';
import { findTarget, findTargets, setModeration } from './moderation.targets.repo';
import { writeTransaction } from '../../platform/write-transaction';
import {
  countScamReports,
  holdVisible,
  isScreenedType,
  readForDecision,
  recordDecision,
} from '../shield/shield-decisions';

const cannotModerateSelf = (what: string) =>
  new AppError('CANNOT_MODERATE_SELF', 400, `You cannot ${what} yourself`);

type MemberRow = NonNullable<Awaited<ReturnType<typeof repo.findMemberByUsername>>>;
const toAdminMember = (r: MemberRow): AdminMember => ({
  id: r.id,
  username: r.username,
  name: r.name,
  email: r.email ?? '',
  role: r.role,
  suspended_at: r.suspended_at ? r.suspended_at.toISOString() : null,
  suspended_reason: r.suspended_reason,
  created_at: r.created_at.toISOString(),
});

const NOUN: Record<ReportTargetType, string> = {
  post: 'post',
  job: 'job',
  bid: 'bid',
  offer: 'offer',
  service: 'service',
  video: 'video',
  user: 'member',
  message: 'message',
  comment: 'comment',
};

export function createModerationService(p: Platform, log: FastifyBaseLogger) {
  const { db, events } = p;
  const notifier = createNotifier(db, events);
  /** Things members watch live (a post's comments): those who may no longer see it leave. */
  function recheckWatchers(type: ReportTargetType, id: number) {
    if (type === 'post') events.recheckThings('post', [id]);
  }

  function kindOf(type: ReportTargetType): ReportableKind {
    const kind = p.reportables.get(type);
    if (!kind) throw notFound('Item');
    return kind;
  }

  /** `audit`: the row that records it, written in the same commit (a report's resolution writes its own). */
  async function suspendMember(admin: CurrentUser, userId: number, reason: string, audit?: AuditRecord) {
    if (userId === admin.id) throw cannotModerateSelf('suspend');
    const row = await writeTransaction(db, async (trx) => {
      const updated = await repo.updateMember(trx, userId, {
        suspended_at: new Date(),
        suspended_reason: reason,
      });
      await repo.revokeAllLogins(trx, userId);
      if (audit) await writeAudit(trx, admin, audit);
      return updated;
    });
    // After commit: every socket of the member closes, on every instance, and those watching the
    // member's things leave them.
    events.endUserSessions(userId);
    events.recheckThings('post', await repo.findPostIdsOf(db, userId));
    log.info({ userId, by: admin.id }, 'member suspended; every session revoked');
    return row;
  }

  async function memberByUsername(username: string) {
    const row = await repo.findMemberByUsername(db, username.startsWith('@') ? username : `@${username}`);
    if (!row) throw notFound('Member');
    return row;
  }

  return {
    async report(user: CurrentUser, input: ReportInputValues) {
      const kind = kindOf(input.target_type);
      const target = await findTarget(db, kind, input.target_id);
      const mine = target?.author_id === user.id;
      const seen =
        target &&
        (mine || user.role === 'admin' || target.moderation === null || target.moderation === 'visible') &&
        (!kind.canSee || (await kind.canSee(db, target.id, user)));
      if (!seen) throw notFound(NOUN[input.target_type].replace(/^./, (c) => c.toUpperCase()));
      const { row, held } = await writeTransaction(db, async (trx) => {
        const inserted = await repo.insertReport(trx, {
          reporter_id: user.id,
          target_type: input.target_type,
          target_id: input.target_id,
          reason: input.reason,
          note: input.note ?? '',
        });
        // A job that three different members (its poster not among them) report as a scam waits
        // for a moderator, whatever the shield said of it (docs/features/moderation.md#scam-reports).
        const holds =
          inserted !== undefined &&
          input.target_type === 'job' &&
          input.reason === 'scam' &&
          (await countScamReports(trx, 'job', input.target_id)) >= SCAM_REPORTS_TO_HOLD &&
          (await holdVisible(trx, 'job', input.target_id));
        return { row: inserted, held: holds };
      });
      if (!row) throw conflict('ALREADY_REPORTED', ALREADY_REPORTED_MESSAGE);
      if (held) log.info({ jobId: row.target_id }, 'job held after scam reports');
      log.info(
        { reportId: row.id, by: user.id, target: `${row.target_type}:${row.target_id}` },
        'report filed',
      );
      return {
        id: row.id,
        target_type: row.target_type,
        target_id: row.target_id,
        reason: row.reason,
        note: row.note,
        status: row.status,
        created_at: row.created_at.toISOString(),
      };
    },

    async listReports(page: PageRequest) {
      const result = toPage(await repo.listOpenGroups(db, page), page);
      const byType = new Map<ReportTargetType, number[]>();
      for (const g of result.items)
        byType.set(g.target_type, [...(byType.get(g.target_type) ?? []), g.target_id]);
      const targets = new Map<string, Awaited<ReturnType<typeof findTargets>>[number]>();
      for (const [type, ids] of byType) {
        const kind = p.reportables.get(type);
        if (!kind) continue;
        for (const t of await findTargets(db, kind, ids)) targets.set(`${type}:${t.id}`, t);
      }
      const authors = new Map(
        (await repo.findMembers(db, [...new Set([...targets.values()].map((t) => t.author_id))])).map((m) => [
          m.id,
          m,
        ]),
      );
      const items: ReportGroup[] = result.items.map((g) => {
        const target = targets.get(`${g.target_type}:${g.target_id}`);
        return {
          id: g.id,
          target_type: g.target_type,
          target_id: g.target_id,
          preview: target?.preview ?? '',
          author: (target && authors.get(target.author_id)) ?? null,
          moderation: target?.moderation ?? null,
          count: g.count,
          reasons: [...g.reasons].sort(),
          notes: g.notes,
          first_reported_at: new Date(g.first_reported_at).toISOString(),
          last_reported_at: new Date(g.last_reported_at).toISOString(),
        };
      });
      return { items, nextCursor: result.nextCursor };
    },

    /** Resolves every open report on the report's target with one action. */
    async resolve(admin: CurrentUser, reportId: number, input: ResolveInputValues): Promise<ResolveAnswer> {
      const report = await repo.findReport(db, reportId);
      if (!report || report.status !== 'open') throw notFound('Open report');
      const type = report.target_type;
      const kind = kindOf(type);
      const target = await findTarget(db, kind, report.target_id);
      const noun = NOUN[type];
      // Read before a removal deletes the item: the shield's verdict, for the decision's count.
      const snapshot =
        target && isScreenedType(type) ? await readForDecision(db, type, report.target_id) : undefined;
      // What the reporters are told: the outcome, in each reporter's language.
      let told: 'report_dismissed' | 'report_hid' | 'report_removed' | 'report_suspended' =
        'report_dismissed';
      // Hidden inside the transaction below; removal and suspension go through their own services'
      // transactions, before it.
      let toHide: NonNullable<typeof target> | null = null;
      if (input.action !== 'dismiss') {
        if (!target) throw notFound(`The reported ${noun}`);
        if (input.action === 'hide') {
          if (!kind.moderated)
            throw validationError({ action: `A ${noun} cannot be hidden; suspend instead` });
          toHide = target;
          told = 'report_hid';
        } else if (input.action === 'remove') {
          if (!kind.remove) throw validationError({ action: 'A member cannot be removed; suspend instead' });
          await kind.remove(admin, target.id);
          told = 'report_removed';
        } else {
          await suspendMember(admin, target.author_id, input.note || `Reported ${noun}`);
          if (kind.moderated) await setModeration(db, kind, target.id, 'hidden');
          recheckWatchers(type, target.id);
          told = 'report_suspended';
        }
      }
      const status = input.action === 'dismiss' ? 'dismissed' : 'actioned';
      // Hiding, closing the reports, the audit row and every notice commit together (with the
      // Idempotency-Key's stamp): a crash leaves all of it undone, for the resend to do once.
      const { closed, published } = await writeTransaction(db, async (trx) => {
        const notices: (() => void)[] = [];
        if (toHide) {
          await setModeration(trx, kind, toHide.id, 'hidden');
          notices.push(
            await notifier.notifyIn(
              trx,
              toHide.author_id,
              { kind: 'report_hidden', params: { target: type } },
              'error',
            ),
          );
        }
        // A moderator's word on scam reports of a screened item is counted against the shield's.
        if (isScreenedType(type) && snapshot && snapshot.scam_reports > 0)
          await recordDecision(
            trx,
            { type, id: report.target_id, approve: input.action === 'dismiss', decidedBy: admin.id },
            snapshot,
          );
        // Dismissed reports free what they alone held; what the shield held stays for the held queue.
        if (input.action === 'dismiss' && target?.moderation === 'held' && snapshot?.risk_level !== 'high')
          await setModeration(trx, kind, target.id, 'visible');
        const rows = await repo.resolveOpen(trx, { type, id: report.target_id }, status, admin.id);
        await writeAudit(trx, admin, {
          action: `report_${input.action}`,
          target_type: type,
          target_id: report.target_id,
          target_label: target?.preview ?? '',
          note: input.note ?? '',
        });
        for (const reporter of new Set(rows.map((r) => r.reporter_id))) {
          notices.push(
            await notifier.notifyIn(
              trx,
              reporter,
              { kind: told, params: { target: type } },
              status === 'dismissed' ? 'info' : 'success',
            ),
          );
        }
        return { closed: rows, published: notices };
      });
      for (const publish of published) publish();
      if (toHide) recheckWatchers(type, toHide.id);
      log.info({ reportId, by: admin.id, action: input.action, resolved: closed.length }, 'reports resolved');
      return {
        action: input.action,
        target_type: type,
        target_id: report.target_id,
        resolved: closed.length,
      };
    },

    async suspend(admin: CurrentUser, username: string, reason: string) {
      const member = await memberByUsername(username);
      const row = await suspendMember(admin, member.id, reason, {
        action: 'suspend',
        target_type: 'user',
        target_id: member.id,
        target_label: member.username,
        note: reason,
      });
      return toAdminMember(row);
    },

    async restore(admin: CurrentUser, username: string) {
      const member = await memberByUsername(username);
      const row = await writeTransaction(db, async (trx) => {
        const restored = await repo.updateMember(trx, member.id, {
          suspended_at: null,
          suspended_reason: null,
        });
        await writeAudit(trx, admin, {
          action: 'restore',
          target_type: 'user',
          target_id: member.id,
          target_label: member.username,
        });
        return restored;
      });
      // Cached refusals of the member's things are forgotten: they may be watched again at once.
      events.recheckThings('post', await repo.findPostIdsOf(db, member.id));
      return toAdminMember(row);
    },

    async setRole(admin: CurrentUser, username: string, role: 'member' | 'admin') {
      const member = await memberByUsername(username);
      if (member.id === admin.id) throw cannotModerateSelf('change the role of');
      const row = await writeTransaction(db, async (trx) => {
        const updated = await repo.updateMember(trx, member.id, { role });
        if (member.role !== role)
          await writeAudit(trx, admin, {
            action: role === 'admin' ? 'grant_admin' : 'revoke_admin',
            target_type: 'user',
            target_id: member.id,
            target_label: member.username,
          });
        return updated;
      });
      // An admin sees hidden things; a member no longer.
      if (member.role !== role) events.recheckMembers([member.id]);
      return toAdminMember(row);
    },

    async listMembers(search: string | undefined, page: PageRequest) {
      const result = toPage(await repo.listMembers(db, search, page), page);
      return { ...result, items: result.items.map(toAdminMember) };
    },

    async listAudit(page: PageRequest) {
      const result = toPage(await repo.listAudit(db, page), page);
      const items: AuditEntry[] = result.items.map((r) => ({
        id: r.id,
        admin: { id: r.admin_id, username: r.admin_username },
        action: r.action,
        target_type: r.target_type,
        target_id: r.target_id,
        target_label: r.target_label,
        note: r.note,
        created_at: r.created_at.toISOString(),
      }));
      return { ...result, items };
    },

    async listHeld(page: PageRequest) {
      const result = toPage(await repo.listHeld(db, page), page);
      const authors = new Map(
        (await repo.findMembers(db, [...new Set(result.items.map((r) => r.author_id))])).map((m) => [
          m.id,
          m,
        ]),
      );
      return {
        ...result,
        items: result.items.map((r) => ({
          type: r.type,
          id: r.id,
          preview: r.preview,
          text: r.text,
          matches: matchedWords(r.text, r.risk_reasons),
          author: authors.get(r.author_id) ?? { id: r.author_id, username: '', name: '' },
          risk_level: r.risk_level,
          risk_reasons: r.risk_reasons,
          scam_reports: r.scam_reports,
          created_at: new Date(r.created_at).toISOString(),
        })),
      };
    },

    /** approve → visible, reject → hidden; the author is told. */
    async decideHeld(
      admin: CurrentUser,
      type: HeldType,
      id: number,
      approve: boolean,
    ): Promise<HeldDecision> {
      const kind = kindOf(type);
      const target = await findTarget(db, kind, id);
      if (!target || target.moderation !== 'held') throw notFound('Held item');
      const to = approve ? 'visible' : 'hidden';
      const published = await writeTransaction(db, async (trx) => {
        // Counted before the reports close: the row keeps how many members reported it.
        await recordDecision(trx, { type, id, approve, decidedBy: admin.id });
        await setModeration(trx, kind, id, to);
        await writeAudit(trx, admin, {
          action: approve ? 'held_approve' : 'held_reject',
          target_type: type,
          target_id: id,
          target_label: target.preview,
        });
        // The moderator has looked: open reports of the item close with the decision, and their
        // reporters are told, so the same reports cannot hold it again.
        const closed = await repo.resolveOpen(
          trx,
          { type, id },
          approve ? 'dismissed' : 'actioned',
          admin.id,
        );
        const notices: (() => void)[] = [];
        for (const reporter of new Set(closed.map((r) => r.reporter_id)))
          notices.push(
            await notifier.notifyIn(
              trx,
              reporter,
              { kind: approve ? 'report_dismissed' : 'report_hid', params: { target: type } },
              approve ? 'info' : 'success',
            ),
          );
        return notices;
      });
      for (const publish of published) publish();
      recheckWatchers(type, id);
      await notifier.notify(
        target.author_id,
        { kind: approve ? 'held_approved' : 'held_rejected', params: { target: type } },
        approve ? 'success' : 'error',
      );
      return { type, id, moderation: to };
    },
  };
}
