import type { EmployerKind, VerificationStatus } from '@jamii/shared';
import type { Kdb } from '../../db/database';
import { keysetPage, type PageRequest } from '../../platform/pagination';

const requestColumns = [
  'employer_verifications.id',
  'employer_verifications.user_id',
  'employer_verifications.kind',
  'employer_verifications.legal_name',
  'employer_verifications.kra_pin',
  'employer_verifications.registration_no',
  'employer_verifications.nea_licence_no',
  'employer_verifications.document_path',
  'employer_verifications.status',
  'employer_verifications.note',
  'employer_verifications.created_at',
  'employer_verifications.decided_at',
] as const;

export interface NewRequest {
  user_id: number;
  kind: EmployerKind;
  legal_name: string;
  kra_pin: string;
  registration_no: string;
  nea_licence_no: string | null;
  document_path: string;
  document_bytes: number;
}

/** Stores a request; undefined when the member already has one waiting (the partial unique index). */
export const insertRequest = (db: Kdb, row: NewRequest) =>
  db
    .insertInto('employer_verifications')
    .values(row)
    .onConflict((oc) => oc.column('user_id').where('status', '=', 'pending').doNothing())
    .returning('id')
    .executeTakeFirst();

export const findLatestOf = (db: Kdb, userId: number) =>
  db
    .selectFrom('employer_verifications')
    .select(requestColumns)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const findFlags = (db: Kdb, userId: number) =>
  db
    .selectFrom('users')
    .select(['employer_verified', 'agency_licensed'])
    .where('id', '=', userId)
    .executeTakeFirst();

export const findRequest = (db: Kdb, id: number) =>
  db
    .selectFrom('employer_verifications')
    .innerJoin('users', 'users.id', 'employer_verifications.user_id')
    .select(requestColumns)
    .select(['users.username', 'users.name'])
    .where('employer_verifications.id', '=', id)
    .executeTakeFirst();
export type RequestRow = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

/** The admins' queue, newest first, optionally of one status. */
export function listRequests(db: Kdb, status: VerificationStatus | undefined, page: PageRequest) {
  let query = db
    .selectFrom('employer_verifications')
    .innerJoin('users', 'users.id', 'employer_verifications.user_id')
    .select(requestColumns)
    .select(['users.username', 'users.name']);
  if (status) query = query.where('employer_verifications.status', '=', status);
  return keysetPage(
    query,
    { createdAt: 'employer_verifications.created_at', id: 'employer_verifications.id' },
    page,
  ).execute();
}

/** Decides a waiting request; undefined when it was no longer waiting (decided meanwhile). */
export const decide = (
  db: Kdb,
  id: number,
  decision: { status: 'approved' | 'rejected'; note: string | null; decided_by: number },
) =>
  db
    .updateTable('employer_verifications')
    .set({ ...decision, decided_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['id', 'user_id', 'kind'])
    .executeTakeFirst();

/** Approval gives the member the badge; an agency's approval its licence too. */
export const grantFlags = (db: Kdb, userId: number, kind: EmployerKind) =>
  db
    .updateTable('users')
    .set(kind === 'agency' ? { employer_verified: true, agency_licensed: true } : { employer_verified: true })
    .where('id', '=', userId)
    .execute();

/** The stored documents of a member, to erase with the account. */
export async function findDocumentKeysOfMember(db: Kdb, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('employer_verifications')
    .select('document_path')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.document_path);
}

/** Whether the member ever asked to be verified as an agency (the shield expects a licence then). */
export async function claimsAgency(db: Kdb, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('employer_verifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'agency')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
