import type { AuditAction } from '@jamii/shared';
import type { Kdb } from '../../db/database';
import type { CurrentUser } from '../../platform/auth';
import { insertAudit } from './moderation.repo';

// The admin audit log's one writer. Its own file, so a feature whose service records an admin
// action (jobs) can write the row in its own transaction without importing the moderation service.

/** One admin action as the audit log records it. */
export interface AuditRecord {
  action: AuditAction;
  target_type: string;
  target_id: number | null;
  target_label?: string;
  note?: string;
}

/** Writes one audit row for an admin action; pass the transaction of the action it records. */
export const writeAudit = (db: Kdb, admin: CurrentUser, entry: AuditRecord) =>
  insertAudit(db, { admin_id: admin.id, admin_username: admin.username, ...entry });
