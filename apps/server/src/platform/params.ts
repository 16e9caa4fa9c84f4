import { hasNulCharacter, Id, ID_MAX, NUL_CHARACTER_MESSAGE } from '@jamii/shared';
import { z } from 'zod';

// Path parameters shared by the routes. Ids are PostgreSQL integers: a larger number can name
// nothing, so it is refused before it reaches SQL (where it would be a 500).
export const RowId = Id;
export const IdParam = z.object({ id: RowId });

/** All digits: the key is an id; anything else is a username. */
export const isIdKey = (key: string) => /^\d+$/.test(key);

/** A member named in a path by id or by username (with or without its @). */
export const MemberKey = z
  .string()
  .min(1)
  .max(40, { error: 'Not a member id or username', abort: true })
  .refine((key) => !hasNulCharacter(key), NUL_CHARACTER_MESSAGE)
  .refine((key) => !isIdKey(key) || Number(key) <= ID_MAX, 'Not a member id or username');
