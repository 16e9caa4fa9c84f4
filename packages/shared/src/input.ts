import { z } from 'zod';

// Rules every value a client sends must meet, whatever the field.

/** The largest PostgreSQL `integer`: a larger id names no row, and SQL would fail on it. */
export const ID_MAX = 2_147_483_647;

/**
 * A number as a client may send one: a JSON number, or (from a form field, a path or a query
 * string, where everything is text) its plain decimal writing — digits with an optional minus and
 * an optional fraction: `"1500"`, `"1500.50"`, `"-3"`. Nothing else is read as a number: `true`,
 * `[5]`, `"0x10"`, `"1e3"`, `""`, `" 7"`, `"Infinity"` stay what they are and fail the number schema
 * with the field's own message (zod's coerce took whatever `Number()` takes: `true` as 1, `[5]` as
 * 5, `"0x10"` as 16, `""` as 0).
 */
export const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;
/** Far longer than any number a field takes (PRICE_MAX with cents is 13 characters). */
const DECIMAL_TEXT_MAX = 40;

/** A plain decimal text as its number; any other value as it came. */
export const fromDecimalText = (value: unknown): unknown =>
  typeof value === 'string' && value.length <= DECIMAL_TEXT_MAX && DECIMAL_TEXT.test(value)
    ? Number(value)
    : value;

/**
 * The one way a contract reads a number a client sends (every price, id, limit, count, rating and
 * answer): `numberInput(z.number({ error: 'Price is required' }).min(…))`. The checks and their
 * messages stay on the number schema; this only decides what counts as a number (`fromDecimalText`).
 */
export const numberInput = <T extends z.ZodType<number | undefined>>(schema: T) =>
  z.preprocess(fromDecimalText, schema);

/** A row id as a path, query or form sends it (text or number). */
export const Id = numberInput(z.number().int().positive().max(ID_MAX));

/** PostgreSQL cannot store U+0000 in a text, and no person types it. */
export const NUL_CHARACTER_MESSAGE = 'Must not contain a NUL character';
export const hasNulCharacter = (text: string) => text.includes('\u0000');

/**
 * Half of a UTF-16 surrogate pair with no other half: no character at all, which PostgreSQL's JSON
 * refuses. With the u flag a whole pair (an emoji) is one code point and does not match.
 */
export const BROKEN_CHARACTER_MESSAGE = 'Must not contain a broken character';
export const hasBrokenCharacter = (text: string) => /\p{Cs}/u.test(text);

/** No form of ours nests deeper than a few levels; a body nested past this is refused unread. */
export const MAX_BODY_DEPTH = 32;
export const TOO_DEEP_MESSAGE = 'The request is nested too deeply';

/** A list's search box: a case-insensitive substring, at most 100 characters. */
export const SearchText = z.string().trim().max(100, 'At most 100 characters').optional();

/** The filters of a list of members' items (bids, services): one member's (`user_id`) and a search. */
export const MemberItemsQuery = z.object({ user_id: Id.optional(), search: SearchText });

/** A text a form must fill: trimmed, not empty, at most `max` characters; the messages name it. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} can be at most ${max} characters`);

/** A text a form may leave empty: trimmed, at most `max` characters. */
export const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} can be at most ${max} characters`);
