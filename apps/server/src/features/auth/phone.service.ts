import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  PHONE_CODE_EXPIRED_MESSAGE,
  PHONE_CODE_MAX_TRIES,
  PHONE_CODE_SENT_MESSAGE,
  PHONE_CODE_TRIES_MESSAGE,
  PHONE_CODE_TTL_MINUTES,
  PHONE_CODE_WRONG_MESSAGE,
  PHONE_CODES_HOURLY_MESSAGE,
  PHONE_CODES_PER_HOUR,
  PHONE_SIGNUP_TOKEN_MESSAGE,
  PHONE_SIGNUP_TOKEN_TTL_MINUTES,
  PHONE_TAKEN_MESSAGE,
  phoneCodeSms,
  type Language,
} from '@jamii/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kdb } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { Platform } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/pg-errors';
import { hashToken, randomToken } from '../../platform/tokens';
import { writeTransaction } from '../../platform/write-transaction';
import * as repo from './phone.repo';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const phoneTaken = () =>
  new AppError('PHONE_TAKEN', 409, PHONE_TAKEN_MESSAGE, { phone: PHONE_TAKEN_MESSAGE });

/** A refused request that still says when to come back (the route sets Retry-After). */
export class PhoneRateLimited extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', 429, message);
  }
}

export type PhoneProof =
  | { kind: 'verified'; user: UserRow }
  | { kind: 'owner'; user: UserRow }
  | { kind: 'newcomer'; signupToken: string; phone: string; expiresIn: number };

export function createPhoneService(
  p: Pick<Platform, 'db' | 'sms' | 'jwtSecret' | 'clock'>,
  log: FastifyBaseLogger,
) {
  const { db, sms } = p;
  const now = p.clock ?? (() => new Date());
  // Keyed by the server's secret: a stolen table does not give up six-digit codes by brute force.
  const codeHash = (phone: string, code: string) =>
    createHmac('sha256', p.jwtSecret).update(`phone-code:${phone}:${code}`).digest();

  return {
    /**
     * Sends a new code to the number (the older ones stop counting). `userId`: the signed-in member
     * who will own the number; a number another account verified is refused before any SMS.
     */
    async start(phone: string, asker: { userId: number | null; language: Language }) {
      if (asker.userId !== null) {
        const owner = await repo.findByVerifiedPhone(db, phone);
        if (owner && owner.id !== asker.userId) throw phoneTaken();
      }
      const code = randomInt(0, 10 ** 6)
        .toString()
        .padStart(6, '0');
      const at = now();
      await writeTransaction(db, async (trx) => {
        await repo.lockNumber(trx, phone);
        const recent = await repo.countCodesSince(trx, phone, new Date(at.getTime() - HOUR));
        if (recent.length >= PHONE_CODES_PER_HOUR) {
          const freeAt = recent[recent.length - PHONE_CODES_PER_HOUR]!.getTime() + HOUR;
          throw new PhoneRateLimited(
            PHONE_CODES_HOURLY_MESSAGE,
            Math.max(1, Math.ceil((freeAt - at.getTime()) / 1000)),
          );
        }
        await repo.insertCode(trx, {
          phone,
          user_id: asker.userId,
          code_hash: codeHash(phone, code).toString('hex'),
          expires_at: new Date(at.getTime() + PHONE_CODE_TTL_MINUTES * MINUTE),
          created_at: at,
        });
      });
      const sent = await sms.send({ to: phone, message: phoneCodeSms(code, asker.language) });
      // Neither the code nor the whole number is logged.
      log.info({ userId: asker.userId, status: sent.status, messageId: sent.messageId }, 'phone code sent');
      if (sent.status !== 'sent')
        throw new AppError('BAD_REQUEST', 400, 'We could not send an SMS to that number', {
          phone: 'We could not send an SMS to that number',
        });
      return { message: PHONE_CODE_SENT_MESSAGE, phone, expires_in: PHONE_CODE_TTL_MINUTES * 60 };
    },

    /**
     * Proves the number with the newest code sent to it. Signed in: the number becomes the member's,
     * verified. Signed out: its verified owner, or a signup token for a newcomer.
     */
    async verify(phone: string, code: string, signedIn: number | null): Promise<PhoneProof> {
      const at = now();
      type Outcome =
        { kind: 'expired' } | { kind: 'worn' } | { kind: 'wrong' } | { kind: 'proved'; proof: PhoneProof };
      const outcome = await writeTransaction(db, async (trx): Promise<Outcome> => {
        const row = await repo.lockNewestCode(trx, phone);
        if (!row || row.used_at || row.expires_at <= at) return { kind: 'expired' };
        if (row.attempts >= PHONE_CODE_MAX_TRIES) return { kind: 'worn' };
        const expected = Buffer.from(row.code_hash, 'hex');
        const given = codeHash(phone, code);
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
          // Kept even though the request fails: the transaction commits the count.
          const { attempts } = await repo.countWrongTry(trx, row.id);
          return attempts >= PHONE_CODE_MAX_TRIES ? { kind: 'worn' } : { kind: 'wrong' };
        }
        await repo.markCodeUsed(trx, row.id, at);
        return { kind: 'proved', proof: await prove(trx, row.id, phone, signedIn, at) };
      });
      if (outcome.kind === 'expired')
        throw new AppError('PHONE_CODE_EXPIRED', 400, PHONE_CODE_EXPIRED_MESSAGE, {
          code: PHONE_CODE_EXPIRED_MESSAGE,
        });
      if (outcome.kind === 'worn') throw new AppError('PHONE_CODE_TRIES', 429, PHONE_CODE_TRIES_MESSAGE);
      if (outcome.kind === 'wrong')
        throw new AppError('PHONE_CODE_WRONG', 400, PHONE_CODE_WRONG_MESSAGE, {
          code: PHONE_CODE_WRONG_MESSAGE,
        });
      log.info({ userId: signedIn, outcome: outcome.proof.kind }, 'phone number proved');
      return outcome.proof;
    },

    /** The number a signup token stands for, taking it once; refused when unknown, used or expired. */
    async useSignupToken(trx: Kdb, token: string) {
      const used = await repo.useSignupToken(trx, hashToken(token), now());
      if (!used)
        throw new AppError('INVALID_SIGNUP_TOKEN', 400, PHONE_SIGNUP_TOKEN_MESSAGE, {
          signup_token: PHONE_SIGNUP_TOKEN_MESSAGE,
        });
      return used.phone;
    },

    findByVerifiedPhone: (phone: string) => repo.findByVerifiedPhone(db, phone),

    /** Whether a code sent to the number in the last `ms` can still be proved (so asking again can wait). */
    hasLiveCode: (phone: string, ms: number) => {
      const at = now();
      return repo.hasLiveCodeSince(db, phone, new Date(at.getTime() - ms), at, PHONE_CODE_MAX_TRIES);
    },
  };

  async function prove(
    trx: Kdb,
    codeId: number,
    phone: string,
    signedIn: number | null,
    at: Date,
  ): Promise<PhoneProof> {
    if (signedIn !== null) {
      const owner = await repo.findByVerifiedPhone(trx, phone);
      if (owner && owner.id !== signedIn) throw phoneTaken();
      try {
        const user = await repo.markPhoneVerified(trx, signedIn, phone);
        if (!user) throw new AppError('UNAUTHORIZED', 401, 'Please log in to continue');
        return { kind: 'verified', user };
      } catch (err) {
        if (isUniqueViolation(err)) throw phoneTaken();
        throw err;
      }
    }
    const owner = await repo.findByVerifiedPhone(trx, phone);
    if (owner) return { kind: 'owner', user: owner };
    const signupToken = randomToken();
    await repo.setSignupToken(
      trx,
      codeId,
      hashToken(signupToken),
      new Date(at.getTime() + PHONE_SIGNUP_TOKEN_TTL_MINUTES * MINUTE),
    );
    return { kind: 'newcomer', signupToken, phone, expiresIn: PHONE_SIGNUP_TOKEN_TTL_MINUTES * 60 };
  }
}

export type PhoneService = ReturnType<typeof createPhoneService>;
