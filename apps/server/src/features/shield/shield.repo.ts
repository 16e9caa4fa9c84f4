import type { RiskReason } from '@jamii/shared';
import type { Kdb } from '../../db/database';
import type { RiskLevel } from '../../db/schema';

// The tables the shield screens, and the columns that hold what their author wrote.
export const SCREENED = {
  jobs: { kind: 'job', author: 'client_id', text: ['title', 'company', 'location', 'salary', 'description'] },
  bids: { kind: 'bid', author: 'client_id', text: ['job_title', 'description'] },
  services: { kind: 'service', author: 'user_id', text: ['title', 'description'] },
  posts: { kind: 'post', author: 'user_id', text: ['title', 'content'] },
} as const;
export type ScreenedTable = keyof typeof SCREENED;

/** The item's text columns, its verdict columns and its author's verification, by id. */
export async function findScreened(trx: Kdb, table: ScreenedTable, id: number) {
  const spec = SCREENED[table];
  return (await trx
    .selectFrom(table)
    .innerJoin('users', 'users.id', `${table}.${spec.author}` as never)
    .select([
      ...spec.text.map((c) => `${table}.${c}`),
      `${table}.moderation`,
      `${table}.risk_level`,
      `${table}.risk_reasons`,
      'users.id as author_id',
      'users.email_verified',
      'users.employer_verified',
      'users.agency_licensed',
    ] as never[])
    .where(`${table}.id` as never, '=', id as never)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
}

export async function writeVerdict(
  trx: Kdb,
  table: ScreenedTable,
  id: number,
  verdict: { risk_level: RiskLevel; risk_reasons: RiskReason[]; moderation: string },
) {
  await trx
    .updateTable(table)
    .set(verdict as never)
    .where('id', '=', id)
    .execute();
}
