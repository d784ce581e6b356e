/** Node socket errors that mean the database server cannot be reached. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/**
 * PostgreSQL SQLSTATEs of a server going away or not ready yet: connection exceptions (class 08),
 * admin/crash shutdown and "the database system is starting up" (57P01–57P03), too many
 * connections (53300).
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres messages for a connection lost or never made (these errors carry no code). */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'is not queryable',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
];

/**
 * Whether an error (or anything in its cause chain) says the database is unreachable or restarting,
 * as opposed to a fault of the request or the code: the request may succeed if retried shortly, so it
 * answers 503 with Retry-After rather than 500.
 */
export function isStorageUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 8 || typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (
    typeof e.code === 'string' &&
    (SOCKET_CODES.has(e.code) || SERVER_CODES.has(e.code) || e.code.startsWith('08'))
  )
    return true;
  if (typeof e.message === 'string' && DRIVER_MESSAGES.some((m) => (e.message as string).includes(m)))
    return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isStorageUnavailable(x, depth + 1))) return true;
  return isStorageUnavailable(e.cause, depth + 1);
}
