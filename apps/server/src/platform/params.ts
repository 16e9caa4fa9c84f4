import { z } from 'zod';

// Path parameters shared by the routes. Ids are PostgreSQL integers: a larger number can name
// nothing, so it is refused before it reaches SQL (where it would be a 500).
export const RowId = z.coerce.number().int().positive().max(2_147_483_647);
export const IdParam = z.object({ id: RowId });
