import { randomUUID } from 'node:crypto';
import {
  DEFAULT_BLOCKED_EMAIL_PROVIDERS,
  makeSignupInput,
  normalizeUsername,
  passwordPolicyIssue,
  type LoginInputValues,
} from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kdb } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { AfterAnswer } from '../../platform/background';
import type { Platform } from '../../platform/context';
import { AppError, conflict, fieldErrors, unauthorized, validationError } from '../../platform/errors';
import { toWebp } from '../../platform/images';
import type { UploadedFile } from '../../platform/multipart';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { hashToken, randomToken } from '../../platform/tokens';
import type { Notifier } from '../notifications/notifications.service';
import { toUserDto } from '../users/users.mapper';
import { accounts, PROFILE_PIC_MAX_SIDE } from '../users/users.service';
import * as repo from './auth.repo';

export const REMEMBERED_SESSION_DAYS = 30;
// A session without Remember Me lives in a browser-session cookie; the server also ends it after
// a day without use, because browsers that restore tabs keep such cookies for weeks.
const BROWSER_SESSION_HOURS = 24;
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const FORGOT_PASSWORD_MESSAGE =
  'If an account uses that email, a password reset link is on its way. Check your inbox.';
export const RESET_DONE_MESSAGE = 'Your password has been reset. You can now log in with your new password.';
const INVALID_CREDENTIALS = 'Invalid username or password';

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

export interface IssuedSession {
  token: string;
  refreshToken: string;
  persistent: boolean;
  expiresAt: Date;
}

type RefreshOutcome =
  | { kind: 'ended' }
  | { kind: 'reused'; userId: number; familyId: string }
  | { kind: 'rotated'; session: IssuedSession; user: UserRow };

const sessionEnded = () => unauthorized('Your session has ended. Please log in again.');

export function createAuthService(p: Platform, notifier: Notifier, log: FastifyBaseLogger) {
  const { db, config, tokens, storage, mailer, events } = p;
  const SignupInput = makeSignupInput(config.blockedEmailProviders ?? DEFAULT_BLOCKED_EMAIL_PROVIDERS);
  const isListedAdmin = (username: string) => config.adminUsernames.includes(username.toLowerCase());
  // Verified against when the username is unknown, so both failures cost one hash check. Made
  // now, so the first unknown name does not pay for hashing it.
  const dummyHash = hashPassword(randomToken());
  dummyHash.catch((err: unknown) => log.error({ err }, 'dummy password hash failed'));

  /** Adds a refresh token to a login (the caller opens the login, or holds its lock). */
  async function issueSession(
    trx: Kdb,
    userId: number,
    familyId: string,
    persistent: boolean,
    userAgent: string,
  ): Promise<IssuedSession> {
    const refreshToken = randomToken();
    const expiresAt = new Date(
      Date.now() + (persistent ? REMEMBERED_SESSION_DAYS * 24 : BROWSER_SESSION_HOURS) * 3600 * 1000,
    );
    await repo.insertSession(trx, {
      user_id: userId,
      family_id: familyId,
      token_hash: hashToken(refreshToken),
      persistent,
      expires_at: expiresAt,
      user_agent: userAgent.slice(0, 300),
    });
    return { token: await tokens.sign(userId, familyId), refreshToken, persistent, expiresAt };
  }

  /** Opens a new login with its first refresh token. */
  const openSession = (userId: number, persistent: boolean, userAgent: string) =>
    db.transaction().execute(async (trx) => {
      const familyId = randomUUID();
      await repo.insertFamily(trx, { id: familyId, user_id: userId });
      return issueSession(trx, userId, familyId, persistent, userAgent);
    });

  /**
   * One transaction under the login's lock: of two requests presenting the same token, the second
   * waits for the first to commit, sees the token retired and revokes the login, the token the
   * first one rotated in included.
   */
  async function rotate(refreshToken: string, userAgent: string): Promise<RefreshOutcome> {
    const found = await repo.findSessionByTokenHash(db, hashToken(refreshToken));
    if (!found) return { kind: 'ended' };
    return db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
      const family = await repo.lockFamily(trx, found.family_id);
      if (!family || family.revoked_at) return { kind: 'ended' };
      // Read again under the lock: another rotation may have committed since.
      const session = await repo.findSessionById(trx, found.id);
      if (!session || session.expires_at < new Date()) return { kind: 'ended' };
      if (session.rotated_at) {
        await repo.revokeFamily(trx, family.id);
        return { kind: 'reused', userId: family.user_id, familyId: family.id };
      }
      await repo.markRotated(trx, session.id);
      const user = await accounts.findById(trx, session.user_id);
      if (!user) return { kind: 'ended' };
      const issued = await issueSession(trx, user.id, family.id, session.persistent, userAgent);
      return { kind: 'rotated', session: issued, user };
    });
  }

  return {
    async signup(fields: Record<string, string>, picture: UploadedFile | undefined) {
      const parsed = SignupInput.safeParse(fields);
      if (!parsed.success) throw validationError(fieldErrors(parsed.error.issues));
      const input = parsed.data;
      const username = normalizeUsername(input.username);
      if (await accounts.findByUsername(db, username)) {
        throw new AppError('USERNAME_TAKEN', 409, 'That username is already taken', {
          username: 'That username is already taken',
        });
      }
      if (await accounts.findByEmail(db, input.email)) {
        throw new AppError('EMAIL_TAKEN', 409, 'An account with that email already exists', {
          email: 'An account with that email already exists',
        });
      }
      // The picture is checked and converted before the account exists, so a bad file leaves nothing behind.
      const profilePic = picture
        ? await storage.put('avatars', 'webp', await toWebp(picture.data, PROFILE_PIC_MAX_SIDE))
        : null;
      try {
        const row = await accounts.create(db, {
          username,
          name: input.name,
          email: input.email,
          location: input.location ?? '',
          bio: input.bio ?? '',
          profile_pic: profilePic,
          password_hash: await hashPassword(input.password),
          role: isListedAdmin(username) ? 'admin' : 'member',
        });
        log.info({ userId: row.id }, 'member signed up');
        return { user: toUserDto(row, row.id) };
      } catch (err) {
        await storage.remove(profilePic);
        if (isUniqueViolation(err))
          throw conflict('ACCOUNT_EXISTS', 'That username or email is already taken');
        throw err;
      }
    },

    /** `afterAnswer` runs work once the answer is sent: a failure must answer as fast for every name. */
    async login(input: LoginInputValues, userAgent: string, afterAnswer: AfterAnswer) {
      const row = await accounts.findByUsername(db, input.username);
      const valid = await verifyPassword(row?.password_hash ?? (await dummyHash), input.password);
      if (!row || !valid) {
        // Written after the answer: waiting for it would make a known username answer slower.
        if (row)
          afterAnswer('login failed notification', () => notifier.notify(row.id, 'Login failed', 'error'));
        throw new AppError('INVALID_CREDENTIALS', 401, INVALID_CREDENTIALS);
      }
      let user = row;
      if (row.role !== 'admin' && isListedAdmin(row.username)) {
        user = (await accounts.promoteToAdmin(db, row.id)) ?? row;
      }
      const session = await openSession(user.id, input.rememberMe, userAgent);
      const time = new Date().toLocaleString('en-KE', {
        timeZone: 'Africa/Nairobi',
        dateStyle: 'medium',
        timeStyle: 'short',
      });
      await notifier.notify(user.id, `Account Logged In successfully at ${time}`, 'success');
      return { session, user: toUserDto(user, user.id) };
    },

    /** Exchanges a refresh token for a new pair; a retired token revokes its whole family. */
    async refresh(refreshToken: string | undefined, userAgent: string) {
      if (!refreshToken) throw sessionEnded();
      const outcome = await rotate(refreshToken, userAgent);
      if (outcome.kind === 'reused') {
        events.endSession(outcome.familyId);
        log.warn(
          { userId: outcome.userId, familyId: outcome.familyId },
          'refresh token reused: session revoked',
        );
      }
      if (outcome.kind !== 'rotated') throw sessionEnded();
      return { session: outcome.session, user: toUserDto(outcome.user, outcome.user.id) };
    },

    /** Ends the login of the cookie: its refresh and access tokens stop working and its sockets close. */
    async logout(refreshToken: string | undefined) {
      if (!refreshToken) return;
      const session = await repo.findSessionByTokenHash(db, hashToken(refreshToken));
      if (!session) return;
      // The update waits for a rotation of this login in progress, then covers what it rotated in.
      await repo.revokeFamily(db, session.family_id);
      events.endSession(session.family_id);
    },

    /** Always the same answer, so the form cannot be used to learn who has an account. */
    async forgotPassword(email: string) {
      const row = await accounts.findByEmail(db, email);
      if (row) {
        const token = randomToken();
        await repo.insertResetToken(db, {
          user_id: row.id,
          token_hash: hashToken(token),
          expires_at: new Date(Date.now() + RESET_TOKEN_TTL_MS),
        });
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        // Sent after answering, so the answer takes the same time whether or not the account exists.
        void mailer
          .send({
            to: row.email,
            subject: 'Reset your Jamii password',
            text: [
              `Hello ${row.name},`,
              '',
              'Someone (hopefully you) asked to reset the password of your Jamii account.',
              `Open this link within one hour to choose a new password:`,
              '',
              link,
              '',
              'If you did not ask for this, ignore this email: your password stays the same.',
            ].join('\n'),
          })
          .catch((err: unknown) => log.error({ err, userId: row.id }, 'password reset email failed'));
      }
      return { status: 'success' as const, message: FORGOT_PASSWORD_MESSAGE };
    },

    async resetPassword(token: string, password: string) {
      const invalid = () =>
        new AppError(
          'INVALID_RESET_TOKEN',
          400,
          'This reset link is invalid or has expired. Please ask for a new one.',
        );
      const found = await repo.findValidResetToken(db, hashToken(token));
      if (!found) throw invalid();
      const user = await accounts.findById(db, found.user_id);
      if (!user) throw invalid();
      const issue = passwordPolicyIssue(password, { username: user.username, name: user.name });
      if (issue) throw validationError({ password: issue });
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.markResetTokenUsed(trx, found.id))) throw invalid();
        await repo.retireResetTokens(trx, user.id);
        await accounts.setPasswordHash(trx, user.id, passwordHash);
        await repo.revokeAllFamilies(trx, user.id);
      });
      events.endUserSessions(user.id);
      log.info({ userId: user.id }, 'password reset; every session revoked');
      return { message: RESET_DONE_MESSAGE };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
