import { z } from 'zod';

// Rules every value a client sends must meet, whatever the field.

/** The largest PostgreSQL `integer`: a larger id names no row, and SQL would fail on it. */
export const ID_MAX = 2_147_483_647;

/** A row id as a path, query or form sends it (text or number). */
export const Id = z.coerce.number().int().positive().max(ID_MAX);

/** PostgreSQL cannot store U+0000 in a text, and no person types it. */
export const NUL_CHARACTER_MESSAGE = 'Must not contain a NUL character';
export const hasNulCharacter = (text: string) => text.includes('\u0000');
