import { type MillisClock, monotonicClock } from './clock.js';
import type { SyncBurstLimiter } from './sync-limits.js';
import type { BurstDecision } from './types.js';

/** The last `limit` admitted timestamps of one key, oldest at `head`, in non-decreasing order. */
interface Log {
  readonly ts: Float64Array;
  head: number;
  count: number;
}

/**
 * Exact sliding-log limiter for one process. Each key keeps a ring buffer of its last `limit`
 * admitted timestamps: a hit is admitted iff fewer than `limit` of them lie in (now − window, now],
 * which is decided by the oldest entry alone (O(1), no allocation per hit). A request at exactly
 * t + window no longer shares a window with one at t (half-open windows).
 */
export class MemoryBurstLimiter implements SyncBurstLimiter {
  readonly #logs = new Map<string, Log>();
  readonly #clock: MillisClock;

  constructor(clock: MillisClock = monotonicClock) {
    this.#clock = clock;
  }

  async hit(key_id: string, limit: number, window_ms: number): Promise<BurstDecision> {
    return this.hitSync(key_id, limit, window_ms);
  }

  /** Synchronous form of {@link hit}; the decision and the record are one step. */
  hitSync(key_id: string, limit: number, window_ms: number): BurstDecision {
    if (limit <= 0) return { allowed: false, limit, remaining: 0, retry_after_ms: window_ms, reset_ms: 0 };
    let log = this.#logs.get(key_id);
    if (log === undefined || log.ts.length !== limit) {
      log = resized(log, limit);
      this.#logs.set(key_id, log);
    }
    const cap = log.ts.length;
    const newest = log.count === 0 ? Number.NEGATIVE_INFINITY : log.ts[(log.head + log.count - 1) % cap]!;
    // Never let a key's log run backwards: a wall clock stepping back cannot reopen the window.
    const now = Math.max(this.#clock.now(), newest);
    const expired_at_or_before = now - window_ms;

    if (log.count === cap && log.ts[log.head]! > expired_at_or_before) {
      // `limit` admitted requests lie inside (now − window, now]: reject without recording.
      return {
        allowed: false,
        limit,
        remaining: 0,
        retry_after_ms: Math.ceil(log.ts[log.head]! + window_ms - now),
        reset_ms: Math.ceil(newest + window_ms - now),
      };
    }
    if (log.count === cap) {
      log.ts[log.head] = now;
      log.head = (log.head + 1) % cap;
    } else {
      log.ts[(log.head + log.count) % cap] = now;
      log.count++;
    }
    // Entries still inside the window after this admission (the log is sorted, oldest first).
    // Entries are non-decreasing from head: binary-search the first live one (O(log limit), which
    // matters for large dedicated burst limits).
    let lo = 0;
    let hi = log.count - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (log.ts[(log.head + mid) % cap]! > expired_at_or_before) hi = mid;
      else lo = mid + 1;
    }
    const live = log.count - lo;
    const oldest_live = log.ts[(log.head + lo) % cap]!;
    const remaining = limit - live;
    return {
      allowed: true,
      limit,
      remaining,
      retry_after_ms: remaining > 0 ? 0 : Math.ceil(oldest_live + window_ms - now),
      reset_ms: window_ms,
    };
  }

  async close(): Promise<void> {
    this.#logs.clear();
  }
}

/** A log for a new `limit` (plan changed) keeping the newest entries that still fit. */
function resized(old: Log | undefined, limit: number): Log {
  const log: Log = { ts: new Float64Array(limit), head: 0, count: 0 };
  if (old === undefined) return log;
  const keep = Math.min(old.count, limit);
  const cap = old.ts.length;
  for (let i = old.count - keep; i < old.count; i++) log.ts[log.count++] = old.ts[(old.head + i) % cap]!;
  return log;
}
