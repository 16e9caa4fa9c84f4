import { assessRisk, type Risk, type RiskReason, type ShieldKind } from '@jamii/shared';
import type { Kdb } from '../../db/database';
import type { RiskLevel } from '../../db/schema';
import type { RealtimeEvents } from '../../platform/realtime';
import { createNotifier } from '../notifications/notifications.service';

/** What the shield writes on an item (migration 0013's columns). */
export interface Screening {
  risk_level: RiskLevel;
  risk_reasons: RiskReason[];
  /** `held` when the risk is high; otherwise the item is visible. */
  moderation: 'visible' | 'held';
}

/** The shield's verdict on a text as the columns to store (DESIGN §8.6). */
export function screen(kind: ShieldKind, text: string, author: { email_verified: boolean }): Screening {
  const { level, reasons } = assessRisk({ kind, text, authorVerified: author.email_verified });
  return { risk_level: level, risk_reasons: reasons, moderation: level === 'high' ? 'held' : 'visible' };
}

/** The `risk` object every job, bid, service and post answers. */
export const toRisk = (row: { risk_level?: RiskLevel | null; risk_reasons?: string[] | null }): Risk => ({
  level: row.risk_level ?? 'none',
  reasons: row.risk_reasons ?? [],
});

// The tables the shield screens, and the columns that hold what their author wrote.
const SCREENED = {
  jobs: { kind: 'job', author: 'client_id', text: ['title', 'company', 'location', 'salary', 'description'] },
  bids: { kind: 'bid', author: 'client_id', text: ['job_title', 'description'] },
  services: { kind: 'service', author: 'user_id', text: ['title', 'description'] },
  posts: { kind: 'post', author: 'user_id', text: ['title', 'content'] },
} as const;
export type ScreenedTable = keyof typeof SCREENED;

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
  const spec = SCREENED[table];
  const row = (await trx
    .selectFrom(table)
    .innerJoin('users', 'users.id', `${table}.${spec.author}` as never)
    .select([
      ...spec.text.map((c) => `${table}.${c}`),
      `${table}.moderation`,
      `${table}.risk_level`,
      `${table}.risk_reasons`,
      'users.id as author_id',
      'users.email_verified',
    ] as never[])
    .where(`${table}.id` as never, '=', id as never)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) return { screening: undefined, publish: () => undefined };
  const text = spec.text.map((c) => String(row[c] ?? '')).join('\n');
  const verdict = screen(spec.kind, text, { email_verified: Boolean(row.email_verified) });
  const was = row.moderation as string;
  const moderation = was === 'hidden' ? 'hidden' : verdict.moderation;
  // Most text is low risk and already stored so (the columns' defaults): no write then.
  const unchanged =
    moderation === was &&
    verdict.risk_level === row.risk_level &&
    JSON.stringify(verdict.risk_reasons) === JSON.stringify(row.risk_reasons);
  if (!unchanged)
    await trx
      .updateTable(table)
      .set({ risk_level: verdict.risk_level, risk_reasons: verdict.risk_reasons, moderation } as never)
      .where('id', '=', id)
      .execute();
  let publish = () => undefined as void;
  if (moderation === 'held' && was !== 'held') {
    // The reasons are explained in the author's language when the notice is read.
    publish = await createNotifier(trx, events).notifyIn(
      trx,
      Number(row.author_id),
      { kind: 'shield_held', params: { target: SCREENED[table].kind, reasons: verdict.risk_reasons } },
      'info',
    );
  }
  return { screening: verdict, publish };
}
