// PostgreSQL error codes the services turn into answers (both drivers expose `code`).

/** A unique index refused the row (23505). */
export const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/** A referenced row is gone, e.g. deleted between a check and an insert (23503). */
export const isForeignKeyViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23503';
