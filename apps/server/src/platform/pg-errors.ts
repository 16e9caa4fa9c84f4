// PostgreSQL error codes the services turn into answers (both drivers expose `code`).

/** A unique index refused the row (23505). */
export const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/** A referenced row is gone, e.g. deleted between a check and an insert (23503). */
export const isForeignKeyViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23503';

// The database cannot be reached or is going away: the request may succeed if retried shortly, so it
// answers 503 with Retry-After rather than a 500 that reads as a bug.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);
// node-postgres reports a lost or exhausted pool in messages only, without a code.
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'connection timeout',
  // query_timeout (DATABASE_TIMEOUT_MS): the server stopped answering on an open connection.
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  // 55000 at connect time, while a database is closed to connections (ALLOW_CONNECTIONS false).
  'is not currently accepting connections',
];

/** A connection failure (class 08, shutdown, refused, pool timeout), checked through causes and aggregates. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)))
    return true;
  const message = e.message;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  if (e.cause && isDatabaseUnavailable(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
