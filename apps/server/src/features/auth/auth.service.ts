import { randomUUID } from 'node:crypto';
import {
  acceptedNoticeVersion,
  DEFAULT_BLOCKED_EMAIL_PROVIDERS,
  CURRENT_PASSWORD_WRONG,
  makeSignupInput,
  PhoneSignupInput,
  PASSWORD_CHANGED_MESSAGE,
  normalizeUsername,
  passwordPolicyIssue,
  type ActiveSession,
  suspendedMessage,
  type LoginInputValues,
  renderEmail,
  type EmailText,
  type Language,
} from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kdb } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { AfterAnswer } from '../../platform/background';
import type { Mail } from '../../platform/mailer';
import type { Platform } from '../../platform/context';
import {
  AppError,
  conflict,
  fieldErrors,
  notFound,
  unauthorized,
  validationError,
} from '../../platform/errors';
import { toWebp } from '../../platform/images';
import type { UploadedFile } from '../../platform/multipart';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { hashToken, randomToken } from '../../platform/tokens';
import type { Notifier } from '../notifications/notifications.service';
import { toUserDto } from '../users/users.mapper';
import { accounts, PROFILE_PIC_MAX_SIDE } from '../users/users.service';
import * as repo from './auth.repo';
import { createLoginFailures } from './login-failures';
import { findByVerifiedPhone } from './phone.repo';
import { createPhoneService, phoneTaken } from './phone.service';
import { writeTransaction } from '../../platform/write-transaction';

export const REMEMBERED_SESSION_DAYS = 30;
// A session without Remember Me lives in a browser-session cookie; the server also ends it after
// a day without use, because browsers that restore tabs keep such cookies for weeks.
const BROWSER_SESSION_HOURS = 24;
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const FORGOT_PASSWORD_MESSAGE =
  'If an account uses that email, a password reset link is on its way. Check your inbox.';
export const RESET_DONE_MESSAGE = 'Your password has been reset. You can now log in with your new password.';
const INVALID_CREDENTIALS = 'Invalid username or password';
const VERIFY_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;
export const EMAIL_VERIFIED_MESSAGE = 'Your email is confirmed. Thank you!';
export const VERIFICATION_SENT_MESSAGE = 'We sent a new confirmation link to your email.';
/** Addresses anyone can open: a verified one says nothing about an employer. */
export const PERSONAL_EMAIL_DOMAINS = new Set([
  'gmail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'icloud.com',
  'ymail.com',
  'live.com',
  'protonmail.com',
]);
export const verifiedDomainOf = (email: string) => {
  const domain = email.split('@').pop()!.toLowerCase();
  return PERSONAL_EMAIL_DOMAINS.has(domain) ? null : domain;
};

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

/** An email in the recipient's language (packages/shared/src/email-texts.ts). */
const toMail = (to: string, { subject, body }: EmailText): Mail => ({ to, subject, text: body });

const sessionEnded = () => unauthorized('Your session has ended. Please log in again.');

export function createAuthService(p: Platform, notifier: Notifier, log: FastifyBaseLogger) {
  const { db, config, tokens, storage, mailer, events } = p;
  const SignupInput = makeSignupInput(config.blockedEmailProviders ?? DEFAULT_BLOCKED_EMAIL_PROVIDERS);
  const loginFailures = createLoginFailures(config.rateLimits);
  const phones = createPhoneService(p, log);
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
    writeTransaction(db, async (trx) => {
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
    return writeTransaction(db, async (trx): Promise<RefreshOutcome> => {
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

  /** Emails a fresh verification link for the member's current address. */
  async function sendVerification(user: {
    id: number;
    name: string;
    email: string | null;
    language: Language;
  }) {
    // A member who joined with a phone has no address to confirm.
    if (!user.email) return;
    const email = user.email;
    const token = randomToken();
    await writeTransaction(db, (trx) =>
      repo.insertVerificationToken(trx, {
        user_id: user.id,
        token_hash: hashToken(token),
        email,
        expires_at: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
      }),
    );
    const link = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    void mailer
      .send(toMail(email, renderEmail('verify_email', { name: user.name, link }, user.language)))
      .catch((err: unknown) => log.error({ err, userId: user.id }, 'verification email failed'));
  }

  /** Opens a login for a member who proved who they are; a suspended one is told why. */
  async function signIn(
    row: UserRow,
    input: { rememberMe: boolean; language?: Language | undefined },
    userAgent: string,
    knownDevice: (userId: number) => boolean,
  ) {
    if (row.suspended_at)
      throw new AppError('ACCOUNT_SUSPENDED', 403, suspendedMessage(row.suspended_reason));
    let user = row;
    if (row.role !== 'admin' && isListedAdmin(row.username)) {
      user = (await accounts.promoteToAdmin(db, row.id)) ?? row;
    }
    if (input.language && input.language !== user.language) {
      user = (await accounts.setLanguage(db, user.id, input.language)) ?? user;
    }
    const session = await openSession(user.id, input.rememberMe, userAgent);
    // The time is shown in the reader's language, in Nairobi time (the specified API calls's English unchanged).
    const time = new Date().toISOString();
    await notifier.notify(user.id, { kind: 'login_succeeded', params: { time } }, 'success', {
      read: knownDevice(user.id),
    });
    return { session, user: toUserDto(user, user.id) };
  }

  return {
    async signup(fields: Record<string, unknown>, picture: UploadedFile | undefined) {
      // A proved phone stands in for the email: the company-email rule holds for email signups.
      const byPhone = typeof fields.signup_token === 'string' && fields.signup_token !== '';
      const parsed = byPhone ? PhoneSignupInput.safeParse(fields) : SignupInput.safeParse(fields);
      if (!parsed.success) throw validationError(fieldErrors(parsed.error.issues));
      const input = parsed.data;
      const email = 'email' in input ? input.email : null;
      const signupToken = 'signup_token' in input ? input.signup_token : null;
      const username = normalizeUsername(input.username);
      if (await accounts.findByUsername(db, username)) {
        throw new AppError('USERNAME_TAKEN', 409, 'That username is already taken', {
          username: 'That username is already taken',
        });
      }
      if (email && (await accounts.findByEmail(db, email))) {
        throw new AppError('EMAIL_TAKEN', 409, 'An account with that email already exists', {
          email: 'An account with that email already exists',
        });
      }
      // The picture is checked and converted before the account exists, so a bad file leaves nothing behind.
      // Counted against the new account's quota from now on; at most 512 px, it cannot fill one alone.
      const webp = picture ? await toWebp(picture.path, PROFILE_PIC_MAX_SIDE) : null;
      const profilePic = webp ? await storage.put('avatars', 'webp', webp) : null;
      try {
        const passwordHash = await hashPassword(input.password);
        const row = await writeTransaction(db, async (trx) => {
          const phone = signupToken ? await phones.useSignupToken(trx, signupToken) : null;
          if (phone && (await findByVerifiedPhone(trx, phone))) throw phoneTaken();
          return accounts.create(trx, {
            username,
            name: input.name,
            email,
            ...(phone ? { phone, phone_verified: true } : {}),
            location: input.location ?? '',
            bio: input.bio ?? '',
            language: input.language ?? 'en',
            profile_pic: profilePic,
            profile_pic_bytes: webp?.length ?? null,
            password_hash: passwordHash,
            role: isListedAdmin(username) ? 'admin' : 'member',
            // The consent record (docs/features/your-data.md): the form says signing up accepts the privacy notice.
            terms_version: acceptedNoticeVersion(input.terms_version),
            terms_accepted_at: new Date(),
          });
        });
        log.info({ userId: row.id }, 'member signed up');
        await sendVerification(row);
        return { user: toUserDto(row, row.id) };
      } catch (err) {
        await storage.remove(profilePic);
        if (isUniqueViolation(err) && signupToken) throw phoneTaken();
        if (isUniqueViolation(err))
          throw conflict('ACCOUNT_EXISTS', 'That username or email is already taken');
        throw err;
      }
    },

    /**
     * `afterAnswer` runs work once the answer is sent: a failure must answer as fast for every name.
     * `knownDevice` says whether the browser already holds this member's device mark: the login
     * notice is then written already read, so only a login from a new device is toasted.
     */
    async login(
      input: LoginInputValues,
      userAgent: string,
      afterAnswer: AfterAnswer,
      knownDevice: (userId: number) => boolean = () => false,
    ) {
      loginFailures.check(input.username);
      // LoginInput reads the first field as @username, an email or an E.164 number.
      const row = input.username.startsWith('@')
        ? await accounts.findByUsername(db, input.username)
        : input.username.startsWith('+')
          ? await phones.findByVerifiedPhone(input.username)
          : await accounts.findByEmail(db, input.username);
      const valid = await verifyPassword(row?.password_hash ?? (await dummyHash), input.password);
      if (!row || !valid) {
        loginFailures.fail(input.username);
        // Written after the answer: waiting for it would make a known username answer slower.
        if (row)
          afterAnswer('login failed notification', () =>
            notifier.notify(row.id, { kind: 'login_failed', params: {} }, 'error'),
          );
        throw new AppError('INVALID_CREDENTIALS', 401, INVALID_CREDENTIALS);
      }
      // Told only to whoever knows the password (docs/design.md#trust-and-safety, moderation).
      loginFailures.clear(input.username);
      return signIn(row, { rememberMe: input.rememberMe, language: input.language }, userAgent, knownDevice);
    },

    /** Signs in the owner of a number just proved by its code, as a login with the password does. */
    signInProvedOwner: (
      row: UserRow,
      input: { rememberMe: boolean },
      userAgent: string,
      knownDevice: (userId: number) => boolean,
    ) => signIn(row, input, userAgent, knownDevice),

    phones,

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
      if (outcome.user.suspended_at) {
        // Suspension revokes every login; this covers a rotation racing with it.
        await repo.revokeAllFamilies(db, outcome.user.id);
        throw new AppError('ACCOUNT_SUSPENDED', 403, suspendedMessage(outcome.user.suspended_reason));
      }
      return { session: outcome.session, user: toUserDto(outcome.user, outcome.user.id) };
    },

    /** Ends the login of the cookie: its refresh and access tokens stop working and its sockets close. */
    async logout(refreshToken: string | undefined) {
      if (!refreshToken) return;
      const session = await repo.findSessionByTokenHash(db, hashToken(refreshToken));
      if (!session) return;
      // The update waits for a rotation of this login in progress, then covers what it rotated in.
      await writeTransaction(db, (trx) => repo.revokeFamily(trx, session.family_id));
      events.endSession(session.family_id);
    },

    /** Always the same answer, so the form cannot be used to learn who has an account. */
    async forgotPassword(email: string) {
      const row = await accounts.findByEmail(db, email);
      if (row?.email) {
        const email = row.email;
        const token = randomToken();
        await writeTransaction(db, (trx) =>
          repo.insertResetToken(trx, {
            user_id: row.id,
            token_hash: hashToken(token),
            expires_at: new Date(Date.now() + RESET_TOKEN_TTL_MS),
          }),
        );
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        // Sent after answering, so the answer takes the same time whether or not the account exists.
        void mailer
          .send(toMail(email, renderEmail('reset_password', { name: row.name, link }, row.language)))
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
      await writeTransaction(db, async (trx) => {
        if (!(await repo.markResetTokenUsed(trx, found.id))) throw invalid();
        await repo.retireResetTokens(trx, user.id);
        await accounts.setPasswordHash(trx, user.id, passwordHash);
        await repo.revokeAllFamilies(trx, user.id);
      });
      events.endUserSessions(user.id);
      loginFailures.clear(user.username);
      log.info({ userId: user.id }, 'password reset; every session revoked');
      return { message: RESET_DONE_MESSAGE };
    },

    /** Needs the current password; the new one follows the signup rules. Emails a notice. */
    async changePassword(
      current: { id: number; sessionId: string },
      input: { current_password: string; password: string; sign_out_others: boolean },
    ) {
      const user = await accounts.findById(db, current.id);
      if (!user) throw unauthorized();
      if (!(await verifyPassword(user.password_hash, input.current_password)))
        throw validationError({ current_password: CURRENT_PASSWORD_WRONG }, CURRENT_PASSWORD_WRONG);
      const issue = passwordPolicyIssue(input.password, { username: user.username, name: user.name });
      if (issue) throw validationError({ password: issue });
      const passwordHash = await hashPassword(input.password);
      const ended = await writeTransaction(db, async (trx) => {
        await accounts.setPasswordHash(trx, user.id, passwordHash);
        await repo.retireResetTokens(trx, user.id);
        return input.sign_out_others ? repo.revokeOtherFamilies(trx, user.id, current.sessionId) : [];
      });
      for (const { id } of ended) events.endSession(id);
      loginFailures.clear(user.username);
      const link = `${config.publicUrl}/forgot-password`;
      if (user.email)
        void mailer
          .send(toMail(user.email, renderEmail('password_changed', { name: user.name, link }, user.language)))
          .catch((err: unknown) => log.error({ err, userId: user.id }, 'password change notice failed'));
      log.info({ userId: user.id, endedOthers: ended.length }, 'password changed');
      return { message: PASSWORD_CHANGED_MESSAGE };
    },

    async verifyEmail(token: string) {
      const updated = await writeTransaction(db, async (trx) => {
        const used = await repo.useVerificationToken(trx, hashToken(token));
        return used && repo.markEmailVerified(trx, used.user_id, used.email, verifiedDomainOf(used.email));
      });
      if (!updated || Number(updated.numUpdatedRows) !== 1)
        throw new AppError(
          'INVALID_VERIFICATION_TOKEN',
          400,
          'This confirmation link is invalid or has expired. Ask for a new one.',
        );
      return { message: EMAIL_VERIFIED_MESSAGE };
    },

    async resendVerification(userId: number) {
      const user = await accounts.findById(db, userId);
      if (!user) throw unauthorized();
      if (user.email_verified) return { message: EMAIL_VERIFIED_MESSAGE };
      await sendVerification(user);
      return { message: VERIFICATION_SENT_MESSAGE };
    },

    async listSessions(current: { id: number; sessionId: string }): Promise<ActiveSession[]> {
      const rows = await repo.listOpenFamilies(db, current.id, new Date());
      return rows.map((r) => ({
        id: r.id,
        user_agent: r.user_agent ?? '',
        created_at: new Date(r.created_at).toISOString(),
        last_used_at: new Date(r.last_used_at ?? r.created_at).toISOString(),
        current: r.id === current.sessionId,
      }));
    },

    /** Ends one of one's own logins and its sockets; any other id is 404. */
    async revokeSession(current: { id: number }, familyId: string) {
      const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(familyId);
      if (!isUuid || !(await repo.revokeOwnFamily(db, current.id, familyId))) throw notFound('Session');
      events.endSession(familyId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
