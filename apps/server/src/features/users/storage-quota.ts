import type { Kdb } from '../../db/database';
import { AppError } from '../../platform/errors';
import * as repo from './users.repo';

// STORAGE_QUOTA_MB: every member's stored files together (docs/security.md, "Bodies, uploads and
// storage quotas"). The sum is read from the files' rows when an upload is about to be kept, never
// kept as a running count that a missed delete would leave wrong: deleting a post, a video or a job
// (with the CVs sent to it), by anyone, frees its space at once.

const MB = 1024 * 1024;

export const storageFull = (quotaBytes: number) =>
  new AppError(
    'STORAGE_QUOTA_EXCEEDED',
    413,
    `Your storage is full (${Math.floor(quotaBytes / MB)} MB). Delete some videos or pictures to upload more.`,
  );

export function createStorageQuota(db: Kdb, quotaBytes: number) {
  return {
    quotaBytes,

    /** Before an upload is read or processed: refused at once when the member's files fill the quota. */
    async assertNotFull(userId: number) {
      if ((await repo.sumStoredBytes(db, userId)) >= quotaBytes) throw storageFull(quotaBytes);
    },

    /**
     * In the transaction that records `bytes` of new files for the member: their row is locked first,
     * so uploads at the same moment are counted one after the other. `replacing` leaves out the
     * member's profile picture, which the new one takes the place of. Answers the locked row.
     */
    async assertRoomFor(trx: Kdb, userId: number, bytes: number, opts: { replacing?: 'profile_pic' } = {}) {
      const member = await repo.lockStorageOf(trx, userId);
      const freed = opts.replacing === 'profile_pic' ? (member?.profile_pic_bytes ?? 0) : 0;
      const used = await repo.sumStoredBytes(trx, userId);
      if (used - freed + bytes > quotaBytes) throw storageFull(quotaBytes);
      return member;
    },
  };
}

export type StorageQuota = ReturnType<typeof createStorageQuota>;
