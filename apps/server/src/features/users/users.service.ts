import {
  normalizeUsername,
  PHONE_SIGN_IN_NUMBER_MESSAGE,
  type Language,
  type ProfileUpdateInputValues,
} from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kdb } from '../../db/database';
import type { CurrentUser } from '../../platform/auth';
import type { Platform } from '../../platform/context';
import { findCvKeysOfMember } from '../applications/applications.files';
import { findDocumentKeysOfMember } from '../employer-verification/employer-verification.files';
import { forbidden, notFound, validationError } from '../../platform/errors';
import { toWebp } from '../../platform/images';
import type { UploadedFile } from '../../platform/multipart';
import { writeTransaction } from '../../platform/write-transaction';
import { createStorageQuota } from './storage-quota';
import { canDeleteAccount, canEditProfile } from './users.policy';
import { toUserDto } from './users.mapper';
import * as repo from './users.repo';
import { findFollowSummary } from '../follows/follows.service';

export const PROFILE_PIC_MAX_SIDE = 512;

/**
 * Member accounts as sign-up, login and password reset use them. The users table belongs to this
 * feature: other features reach it here, never through users.repo.
 */
export const accounts = {
  findById: repo.findUserById,
  findByUsername: repo.findUserByUsername,
  findByEmail: repo.findUserByEmail,
  /** The member whose verified phone this is (E.164), as USSD and SMS know them. */
  findByVerifiedPhone: repo.findUserByVerifiedPhone,
  create: repo.insertUser,
  promoteToAdmin: (db: Kdb, id: number) => repo.updateUser(db, id, { role: 'admin' }),
  setLanguage: (db: Kdb, id: number, language: Language) => repo.updateUser(db, id, { language }),
  setPasswordHash: (db: Kdb, id: number, passwordHash: string) =>
    repo.updateUser(db, id, { password_hash: passwordHash }),
};

export function createUsersService(
  p: Pick<Platform, 'db' | 'reader' | 'storage' | 'config' | 'privateFiles' | 'events'>,
  log: FastifyBaseLogger,
) {
  const { db, storage } = p;
  const cvFiles = p.privateFiles;
  const quota = createStorageQuota(db, p.config.storageQuotaBytes);

  async function findByIdOrUsername(key: string, from: Kdb = db) {
    return /^\d+$/.test(key)
      ? repo.findUserById(from, Number(key))
      : repo.findUserByUsername(from, normalizeUsername(key));
  }

  return {
    /** A profile: the member with their follow counts and whether the viewer follows them. */
    async get(key: string, viewerId: number | null) {
      const from = await p.reader(viewerId);
      const row = await findByIdOrUsername(key, from);
      if (!row) throw notFound('Member');
      // A member who blocked the viewer is not found, as on Instagram (platform/visibility); the
      // blocker still sees the profile of whom they blocked, so they can unblock there.
      const [blockedViewer, follows] = await Promise.all([
        viewerId !== null && viewerId !== row.id ? repo.hasBlocked(from, row.id, viewerId) : false,
        findFollowSummary(from, row.id, viewerId),
      ]);
      if (blockedViewer) throw notFound('Member');
      return { ...toUserDto(row, viewerId), ...follows };
    },

    async updateProfile(user: CurrentUser, id: number, input: ProfileUpdateInputValues) {
      if (!canEditProfile(user, id)) throw forbidden('You can only edit your own profile');
      if (input.phone !== undefined) {
        // A member who joined with a phone signs in with it: it changes only by verifying another.
        const current = await repo.findUserById(db, id);
        if (current && !current.email && current.phone !== input.phone)
          throw validationError({ phone: PHONE_SIGN_IN_NUMBER_MESSAGE });
      }
      const row = await repo.updateUser(db, id, input);
      if (!row) throw notFound('Member');
      return toUserDto(row, user.id);
    },

    async setProfilePicture(user: CurrentUser, id: number, file: UploadedFile | undefined) {
      if (!canEditProfile(user, id)) throw forbidden('You can only change your own picture');
      if (!file) throw validationError({ profile_pic: 'Please choose a picture' });
      if (!(await repo.findUserById(db, id))) throw notFound('Member');
      const picture = await toWebp(file.path, PROFILE_PIC_MAX_SIDE);
      const url = await storage.put('avatars', 'webp', picture);
      let replaced: string | null = null;
      try {
        // The new picture takes the place of the old one: only the difference counts against the quota.
        const row = await writeTransaction(db, async (trx) => {
          const member = await quota.assertRoomFor(trx, id, picture.length, { replacing: 'profile_pic' });
          if (!member) throw notFound('Member');
          replaced = member.profile_pic;
          return repo.updateUser(trx, id, { profile_pic: url, profile_pic_bytes: picture.length });
        });
        await storage.remove(replaced);
        return toUserDto(row!, user.id);
      } catch (err) {
        await storage.remove(url);
        throw err;
      }
    },

    /** Erases the account, every row that hangs off it and every file it uploaded. */
    async deleteAccount(user: CurrentUser, id: number) {
      if (!canDeleteAccount(user, id)) throw forbidden('You can only delete your own account');
      const files = await repo.findUserFiles(db, id);
      // CVs they sent and CVs sent to their jobs (docs/design.md#job-applications): kept privately, erased with them.
      const cvs = [...(await findCvKeysOfMember(db, id)), ...(await findDocumentKeysOfMember(db, id))];
      if (!(await repo.eraseUser(db, id))) throw notFound('Member');
      // Its open sockets close, on every instance (a deleted member's token opens none).
      p.events.endUserSessions(id);
      const results = await Promise.allSettled([
        ...files.map((f) => storage.remove(f)),
        ...cvs.map((key) => cvFiles.remove(key)),
      ]);
      const failed = results.filter((r) => r.status === 'rejected').length;
      if (failed) log.warn({ userId: id, failed }, 'some files of a deleted account could not be removed');
      log.info({ userId: id, by: user.id, files: files.length }, 'account deleted');
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
