import { z } from 'zod';
import { LANGUAGES } from './languages';
import { PHONE_MESSAGE, toKenyanE164 } from './phone';
import { UserSchema } from './users';

// Phones as identity: a six-digit code sent by SMS proves a number; a proved number signs its
// member in, or lets a newcomer join without a company email.

export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MINUTES = 10;
export const PHONE_CODE_MAX_TRIES = 5;
export const PHONE_CODES_PER_HOUR = 3;
/** How long a newcomer has, after proving the number, to finish the signup form. */
export const PHONE_SIGNUP_TOKEN_TTL_MINUTES = 30;

export const PHONE_REQUIRED_MESSAGE = '*Phone number is required';
export const PHONE_CODE_MESSAGE = '*Enter the six-digit code';

/** A Kenyan mobile number as typed; comes out in E.164. */
export const PhoneNumberInput = z
  .string({ error: PHONE_REQUIRED_MESSAGE })
  .trim()
  .min(1, PHONE_REQUIRED_MESSAGE)
  .max(40, { error: PHONE_MESSAGE, abort: true })
  .transform((value, ctx) => {
    const e164 = toKenyanE164(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return e164;
  });

/** POST /api/auth/phone/start */
export const PhoneStartInput = z.object({
  phone: PhoneNumberInput,
  /** The language of the SMS for a signed-out visitor (a member's own language otherwise). */
  language: z.enum(LANGUAGES).optional(),
});
export type PhoneStartInputValues = z.input<typeof PhoneStartInput>;

export const PhoneStartAnswerSchema = z.object({
  message: z.string(),
  /** The number the code went to, in E.164. */
  phone: z.string(),
  /** Seconds the code stays valid. */
  expires_in: z.number().int(),
});
export type PhoneStartAnswer = z.infer<typeof PhoneStartAnswerSchema>;

/** The six-digit code as typed: spaces and dashes between its digits are dropped. */
export const PhoneCodeField = z
  .string({ error: PHONE_CODE_MESSAGE })
  .trim()
  .max(20, { error: PHONE_CODE_MESSAGE, abort: true })
  .overwrite((code) => code.replace(/[\s-]/g, ''))
  .regex(/^\d{6}$/, PHONE_CODE_MESSAGE);

/** The web's code step: the number is already known, so only the code is typed. */
export const PhoneCodeForm = z.object({ code: PhoneCodeField });
export type PhoneCodeFormValues = z.infer<typeof PhoneCodeForm>;

/** POST /api/auth/phone/verify */
export const PhoneVerifyInput = z.object({
  phone: PhoneNumberInput,
  code: PhoneCodeField,
  rememberMe: z.union([z.boolean(), z.stringbool()]).default(false),
});
export type PhoneVerifyInputValues = z.input<typeof PhoneVerifyInput>;

/**
 * What a proved code does: a signed-in member's number is now verified; a signed-out owner of the
 * verified number is signed in (the refresh cookie is set, as at login); anyone else gets a
 * signup token to join with.
 */
export const PhoneVerifiedAnswerSchema = z.object({ phone_verified: z.literal(true), user: UserSchema });
export const PhoneSignedInAnswerSchema = z.object({ token: z.string(), user: UserSchema });
export const PhoneSignupTokenAnswerSchema = z.object({
  signup_token: z.string(),
  phone: z.string(),
  expires_in: z.number().int(),
});
export const PhoneVerifyAnswerSchema = z.union([
  PhoneVerifiedAnswerSchema,
  PhoneSignedInAnswerSchema,
  PhoneSignupTokenAnswerSchema,
]);
export type PhoneVerifyAnswer = z.infer<typeof PhoneVerifyAnswerSchema>;

export const PHONE_CODE_SENT_MESSAGE = 'We sent a six-digit code to your phone.';
export const PHONE_CODE_WRONG_MESSAGE = 'That code is not correct';
export const PHONE_CODE_EXPIRED_MESSAGE = 'This code has expired or was never sent. Ask for a new one.';
export const PHONE_CODE_TRIES_MESSAGE = 'Too many wrong codes. Ask for a new one.';
export const PHONE_CODES_HOURLY_MESSAGE = 'Too many codes for this number. Try again in an hour.';
export const PHONE_TAKEN_MESSAGE = 'That phone number is already used by another account';
export const PHONE_SIGNUP_TOKEN_MESSAGE = 'Your phone verification has expired. Verify your number again.';

export const PHONE_SIGN_IN_NUMBER_MESSAGE =
  'You sign in with this number. To change it, verify your new number in Settings.';

/** The SMS that carries the code; the code never goes anywhere else. */
export const phoneCodeSms = (code: string, language: 'en' | 'sw') =>
  language === 'sw'
    ? `Nambari yako ya Jamii ni ${code}. Inaisha baada ya dakika ${PHONE_CODE_TTL_MINUTES}. Usimpe mtu yeyote.`
    : `Your Jamii code is ${code}. It expires in ${PHONE_CODE_TTL_MINUTES} minutes. Do not share it with anyone.`;
