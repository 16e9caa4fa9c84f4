import type { ReportTargetType } from '@jamii/shared';
import type { Kdb } from '../db/database';
import type { CurrentUser } from './auth';

/**
 * One kind of item members may report, declared by the feature that owns it: its table, the
 * column naming its author, the column its preview comes from, whether it carries `moderation`
 * (hide), and how it is removed. The moderation feature reads and hides through this description
 * and never builds another feature's service.
 */
export interface ReportableKind {
  table: string;
  authorColumn: string;
  previewColumn: string;
  moderated: boolean;
  /** Beyond moderation: may this member see the item at all (a message: only its conversation)? */
  canSee?: (db: Kdb, id: number, viewer: CurrentUser) => Promise<boolean>;
  /**
   * An admin's removal, as the owner's delete does it (files too), run by the owning feature.
   * Without it the kind cannot be removed (a member is suspended instead).
   */
  remove?: (admin: CurrentUser, id: number) => Promise<void>;
}

/** Per app (a test process builds many): target_type → the kind its feature declared. */
export interface Reportables {
  register(type: ReportTargetType, kind: ReportableKind): void;
  /** Undefined for a type no feature declared: the caller answers 404. */
  get(type: ReportTargetType): ReportableKind | undefined;
}

export function createReportables(): Reportables {
  const kinds = new Map<ReportTargetType, ReportableKind>();
  return {
    register(type, kind) {
      if (kinds.has(type)) throw new Error(`report target ${type} declared twice`);
      kinds.set(type, kind);
    },
    get: (type) => kinds.get(type),
  };
}
