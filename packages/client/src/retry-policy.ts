/** How the client retries: exponential back-off with full jitter, never sooner than the server asked. */
export interface RetryOptions {
  /** Retries after the first attempt (default 4). */
  readonly maxRetries?: number;
  /** First back-off step in ms (default 250). */
  readonly baseDelayMs?: number;
  /** Largest back-off step in ms, server hints aside (default 20 000). */
  readonly maxDelayMs?: number;
  /** Longest server-requested wait the client accepts before giving up instead (default 120 000). */
  readonly maxServerDelayMs?: number;
}

export const RETRY_DEFAULTS: Required<RetryOptions> = {
  maxRetries: 4,
  baseDelayMs: 250,
  maxDelayMs: 20_000,
  maxServerDelayMs: 120_000,
};

/** Statuses worth retrying: rate limited, and the server's temporary unavailability. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/**
 * The server's own hint in ms: `Retry-After` (delta-seconds or an HTTP date), else the largest `t=` of a
 * policy with `r=0` in the IETF `RateLimit` header (`"burst";r=0;t=1, "quota";r=42;t=900`).
 */
export function serverDelayMs(headers: Headers, now: number = Date.now()): number | undefined {
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null && retryAfter.trim() !== '') {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  const rateLimit = headers.get('ratelimit');
  if (rateLimit !== null) {
    let wait: number | undefined;
    for (const item of rateLimit.split(',')) {
      const r = /;\s*r=(\d+)/.exec(item);
      const t = /;\s*t=(\d+)/.exec(item);
      if (r !== null && t !== null && Number(r[1]) === 0) wait = Math.max(wait ?? 0, Number(t[1]) * 1000);
    }
    return wait;
  }
  return undefined;
}

/**
 * Delay before retry number `attempt` (0 for the first retry): "full jitter" — uniform in
 * [0, min(maxDelay, base·2^attempt)] — added on top of the server's hint, so a crowd of clients told
 * "retry after 1 s" does not come back in the same millisecond.
 */
export function backoffDelayMs(
  attempt: number,
  hintMs: number | undefined,
  options: Required<RetryOptions>,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
  return Math.round((hintMs ?? 0) + random() * ceiling);
}
