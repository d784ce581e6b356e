import type { QuotaWindow, RefusalCount, RefusalPolicy } from '../../db/records.js';

/**
 * Rate-limit ports. Two implementations each (in-memory for embedded mode, Redis with atomic Lua
 * for distributed mode), one conformance suite for both. Results are values, not exceptions; a
 * dropped Redis connection is a thrown error with a cause.
 */

export interface BurstDecision {
  readonly allowed: boolean;
  readonly limit: number;
  /** Requests still admissible in the current sliding window after this decision. */
  readonly remaining: number;
  /** Milliseconds until at least one more request would be admitted (0 when remaining > 0). */
  readonly retry_after_ms: number;
  /** Milliseconds until the window is completely empty again. */
  readonly reset_ms: number;
}

/**
 * Exact sliding-window limiter: admits at most `limit` requests per key in ANY window of
 * `window_ms` (a sliding log, not fixed buckets). Rejected requests are not recorded.
 */
export interface BurstLimiter {
  hit(key_id: string, limit: number, window_ms: number): Promise<BurstDecision>;
  close(): Promise<void>;
}

export interface QuotaDecision {
  readonly allowed: boolean;
  readonly limit: number;
  /** Count in the window after this decision (unchanged when rejected). */
  readonly used: number;
  readonly remaining: number;
  /** UTC ISO start of the window. */
  readonly window_start: string;
  /** Milliseconds until the window resets. */
  readonly reset_ms: number;
}

/**
 * Quota counter per key and UTC clock-hour / calendar-month window. `reserve` admits and counts one
 * request if used < limit; `release` gives a reservation back (the response turned out not billable:
 * 304, 5xx). Counters are hydrated from the durable usage ledger when absent (fresh process, Redis
 * restarted), so a restart never resets a quota.
 */
export interface QuotaCounter {
  reserve(key_id: string, window: QuotaWindow, limit: number, now: Date): Promise<QuotaDecision>;
  release(key_id: string, window: QuotaWindow, window_start: string): Promise<void>;
  /** Current count without changing it (for /account). */
  peek(
    key_id: string,
    window: QuotaWindow,
    now: Date,
  ): Promise<{ used: number; window_start: string; reset_ms: number }>;
  close(): Promise<void>;
}

/**
 * Requests refused with 429, per key and quota window, by the limit that refused them (ADR 0055).
 * `record` is synchronous and in memory (the refusing request never waits for a write); the counts are
 * written with the usage ledger's flush and are never billed.
 */
export interface RefusalLog {
  record(key_id: string, window: QuotaWindow, window_start: string, policy: RefusalPolicy): void;
  /** Refused requests per window from `since` (durable plus not yet flushed here), oldest first. */
  history(key_id: string, window: QuotaWindow, since: string): Promise<RefusalCount[]>;
}
