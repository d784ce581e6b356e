/**
 * Delays before each retry, after the first attempt (made at once): the Standard Webhooks example
 * schedule's first eight steps — 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h — so a delivery is
 * attempted 9 times over about 51.5 hours before it is given up.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
];

/** The longest a receiver's Retry-After may push the next attempt. */
const MAX_SERVER_DELAY_MS = 24 * 3_600_000;

/**
 * When to try again after failed attempt number `attempt` (1-based), or undefined when the schedule is
 * spent. Each delay gets ±20 % jitter (`random` in [0, 1)) so failures caused by the load of the retries
 * themselves do not recur in lockstep; a receiver's Retry-After is honoured when it asks for longer.
 */
export function nextAttemptDelayMs(
  attempt: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number | undefined {
  const base = RETRY_DELAYS_MS[attempt - 1];
  if (base === undefined) return undefined;
  const jittered = Math.round(base * (0.8 + 0.4 * random()));
  if (retryAfterMs === undefined || !(retryAfterMs > 0)) return jittered;
  return Math.max(jittered, Math.min(retryAfterMs, MAX_SERVER_DELAY_MS));
}
