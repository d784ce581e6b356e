import type { ProviderBudget } from './provider-budget.js';
import { ProviderError } from './provider-error.js';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly attempts: number;
  /** Back-off before retry k (1-based) is uniform in [0, min(capMs, baseMs × 2^(k−1))] ("full jitter"). */
  readonly baseMs: number;
  readonly capMs: number;
  /** A wait longer than this (a spent day's budget, an open breaker) is not waited out: the call fails. */
  readonly maxWaitMs: number;
}

const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 5,
  baseMs: 1_000,
  capMs: 60_000,
  maxWaitMs: 5 * 60_000,
};

/** Time, sleeping and chance, injected so tests run on a simulated clock. */
export interface Scheduler {
  now(): number;
  sleep(ms: number): Promise<void>;
  random(): number;
}

const REAL_SCHEDULER: Scheduler = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  random: Math.random,
};

/**
 * One provider call inside its budget: waits for the budget's next slot, and retries what is worth
 * retrying (`throttled`, `unavailable`) with full-jitter exponential back-off, or after the Retry-After
 * the provider gave when that is longer. Never waits longer than `maxWaitMs` at a time, and never for an
 * open breaker: a spent day's budget or an open breaker fails the call at once with a `throttled` or
 * `unavailable` error that says until when. Once `signal` is aborted nothing is retried or sent.
 */
export async function callProvider<T>(
  provider: string,
  budget: ProviderBudget,
  call: () => Promise<T>,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  clock: Scheduler = REAL_SCHEDULER,
  signal?: AbortSignal,
  /** HTTP requests one call makes (Polygon's bars: aggregates, splits, dividends). */
  cost = 1,
): Promise<T> {
  const stopped = () => new ProviderError(provider, 'unavailable', 'the sync was stopped');
  const aborted = () => signal?.aborted === true;
  for (let attempt = 1; ; attempt++) {
    if (aborted()) throw stopped();
    const next = budget.nextAt(clock.now(), cost);
    if (!Number.isFinite(next.at))
      throw new ProviderError(
        provider,
        'throttled',
        `one call needs ${cost} requests, more than the budget allows per ${next.waitingFor}`,
      );
    const wait = next.at - clock.now();
    if (wait > policy.maxWaitMs || (wait > 0 && next.waitingFor === 'breaker')) {
      const until = new Date(next.at).toISOString();
      throw next.waitingFor === 'breaker'
        ? new ProviderError(provider, 'unavailable', `failing repeatedly; not called again until ${until}`)
        : new ProviderError(
            provider,
            'throttled',
            `request budget spent (${next.waitingFor}) until ${until}`,
            {
              retryAfterSeconds: Math.ceil(wait / 1000),
            },
          );
    }
    if (wait > 0) await clock.sleep(wait);
    budget.take(clock.now(), cost);
    try {
      const result = await call();
      budget.succeeded();
      return result;
    } catch (error) {
      // A stopped sync does not retry: its aborted request (an AbortError) failed because it was stopped.
      if (aborted()) throw stopped();
      if (!(error instanceof ProviderError) || !error.retryable) throw error;
      budget.failed(clock.now());
      if (attempt >= policy.attempts) throw error;
      const backoff = clock.random() * Math.min(policy.capMs, policy.baseMs * 2 ** (attempt - 1));
      const asked = (error.retryAfterSeconds ?? 0) * 1000;
      if (asked > 0) budget.pauseUntil(clock.now() + asked);
      if (backoff > asked) await clock.sleep(backoff);
    }
  }
}
