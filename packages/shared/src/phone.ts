import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { z } from 'zod';
import { KENYA_PHONE_METADATA } from './phone-metadata';

// A member's own phone number (docs/features/phones-and-places.md): Kenyan mobile numbers only, as people type them
// (0712 345 678, 0112 345 678, +254 712 345 678, 254712345678), kept in E.164 (+254712345678).

export const PHONE_MESSAGE = '*Enter a Kenyan phone number, e.g. 0712 345 678';

/** Typing allows spaces, dashes, dots and brackets between the digits; nothing else. */
const TYPED_PHONE = /^\+?[\d\s().-]{9,20}$/;

/** The E.164 form of a Kenyan mobile number typed as 07…, 01…, +2547…, 2547… (or +2541…), else null. */
export function toKenyanE164(text: string): string | null {
  const typed = text.trim();
  if (!TYPED_PHONE.test(typed)) return null;
  const phone = parsePhoneNumberFromString(typed, 'KE', KENYA_PHONE_METADATA);
  if (!phone || phone.country !== 'KE' || phone.getType() !== 'MOBILE') return null;
  return phone.number;
}

/**
 * The profile's phone field: '' or null clears it (null), anything else must be a Kenyan mobile
 * number and becomes E.164.
 */
export const PhoneField = z
  .union([z.string().max(40, { error: PHONE_MESSAGE, abort: true }), z.null()], { error: PHONE_MESSAGE })
  .transform((value, ctx) => {
    if (value === null || value.trim() === '') return null;
    const e164 = toKenyanE164(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return e164;
  });
