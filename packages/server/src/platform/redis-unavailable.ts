/** ioredis messages for a server gone away or a command given up on (these errors carry no code). */
const IOREDIS_MESSAGES = [
  'Connection is closed',
  'Command timed out',
  "Stream isn't writeable",
  'Connection lost',
];

/**
 * Whether an error (or anything in its cause chain) says Redis is unreachable — a command rejected after
 * the client's retries (`MaxRetriesPerRequestError`), a connection closed under it, a timeout — as opposed
 * to a fault of the request or the code: the request may succeed if retried shortly, so it answers 503 with
 * Retry-After rather than 500. (The limiters wrap their own calls; this catches every other Redis user, the
 * job queue included.)
 */
export function isRedisUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 8 || typeof error !== 'object' || error === null) return false;
  const e = error as { name?: unknown; message?: unknown; cause?: unknown };
  if (e.name === 'MaxRetriesPerRequestError') return true;
  if (typeof e.message === 'string' && IOREDIS_MESSAGES.some((m) => (e.message as string).includes(m)))
    return true;
  return isRedisUnavailable(e.cause, depth + 1);
}
