import { assessRisk, type Risk, type RiskReason, type ShieldKind } from '@jamii/shared';
import type { Kdb } from '../../db/database';
import type { RiskLevel } from '../../db/schema';
import type { RealtimeEvents } from '../../platform/realtime';
import { claimsAgency } from '../employer-verification/employer-verification.files';
import { createNotifier } from '../notifications/notifications.service';
import * as repo from './shield.repo';
import { SCREENED, type ScreenedTable } from './shield.repo';

/** What the shield writes on an item (migration 0013's columns). */
export interface Screening {
  risk_level: RiskLevel;
  risk_reasons: RiskReason[];
  /** `held` when the risk is high; otherwise the item is visible. */
  moderation: 'visible' | 'held';
}

/** The shield's verdict on a text as the columns to store (docs/design.md#trust-and-safety). */
export function screen(
  kind: ShieldKind,
  text: string,
  author: {
    email_verified: boolean;
    employer_verified?: boolean;
    agency_licensed?: boolean;
    claims_agency?: boolean;
  },
): Screening {
  const { level, reasons } = assessRisk({
    kind,
    text,
    authorVerified: author.email_verified,
    employerVerified: author.employer_verified,
    agencyLicensed: author.agency_licensed,
    claimsAgency: author.claims_agency,
  });
  return { risk_level: level, risk_reasons: reasons, moderation: level === 'high' ? 'held' : 'visible' };
}

/** The `risk` object every job, bid, service and post answers. */
export const toRisk = (row: { risk_level?: RiskLevel | null; risk_reasons?: string[] | null }): Risk => ({
  level: row.risk_level ?? 'none',
  reasons: row.risk_reasons ?? [],
});

/** A verdict written in a transaction, and the held notice to push once it has committed. */
export interface StoredScreening {
  screening: Screening | undefined;
  /** Pushes the author's held notice, if any: call it after commit, so a rollback pushes nothing. */
  publish: () => void;
}

/**
 * Screens an item as it is stored now (after a create or an edit) and writes the verdict, in the
 * transaction that wrote the item (`trx`): a high-risk item is never visible to others for a moment
 * between its write and its verdict, and a crash cannot leave it stored without one. A high risk
 * holds the item (only its author and admins see it) and tells the author why, in plain words; an
 * edit that clears a held item shows it again. An item moderators hid stays hidden.
 */
export async function screenStored(
  trx: Kdb,
  table: ScreenedTable,
  id: number,
  events?: RealtimeEvents,
): Promise<StoredScreening> {
  const row = await repo.findScreened(trx, table, id);
  if (!row) return { screening: undefined, publish: () => undefined };
  const text = SCREENED[table].text.map((c) => String(row[c] ?? '')).join('\n');
  const verdict = screen(SCREENED[table].kind, text, {
    email_verified: Boolean(row.email_verified),
    employer_verified: Boolean(row.employer_verified),
    agency_licensed: Boolean(row.agency_licensed),
    claims_agency: await claimsAgency(trx, Number(row.author_id)),
  });
  const was = row.moderation as string;
  const moderation = was === 'hidden' ? 'hidden' : verdict.moderation;
  // Most text is low risk and already stored so (the columns' defaults): no write then.
  const unchanged =
    moderation === was &&
    verdict.risk_level === row.risk_level &&
    JSON.stringify(verdict.risk_reasons) === JSON.stringify(row.risk_reasons);
  if (!unchanged)
    await repo.writeVerdict(trx, table, id, {
      risk_level: verdict.risk_level,
      risk_reasons: verdict.risk_reasons,
      moderation,
    });
  let publish = () => undefined as void;
  if (moderation === 'held' && was !== 'held') {
    // The reasons are explained in the author's language when the notice is read.
    const notice = await createNotifier(trx, events).notifyIn(
      trx,
      Number(row.author_id),
      { kind: 'shield_held', params: { target: SCREENED[table].kind, reasons: verdict.risk_reasons } },
      'info',
    );
    publish = () => {
      notice();
      // Those who watched the post's live comments may no longer see it.
      if (table === 'posts') events?.recheckThings('post', [id]);
    };
  } else if (was === 'held' && moderation === 'visible' && table === 'posts') {
    publish = () => events?.recheckThings('post', [id]);
  }
  return { screening: verdict, publish };
}
