import type { QuotaWindow } from '../../db/records.js';
import { LimiterUnavailableError } from './limiter-unavailable-error.js';
import { quotaWindowAt } from './quota-windows.js';
import type { SyncQuotaCounter } from './sync-limits.js';
import type { QuotaDecision } from './types.js';
import type { UsageLedger } from './usage-ledger.js';

/** The live counter of one key in its current window. */
interface Counter {
  readonly window_start: string;
  used: number;
}

/**
 * In-process quota counter (embedded mode). A key's counter for the current window is hydrated once
 * from the ledger (durable count + unflushed deltas), so a restarted process continues where the
 * last one stopped; after hydration every decision is synchronous, hence atomic on the event loop.
 * Every admitted reservation and every release is recorded in the ledger as +1 / −1.
 */
export class MemoryQuotaCounter implements SyncQuotaCounter {
  readonly #ledger: UsageLedger;
  /** One counter per window kind and key; a newer window replaces the older one. */
  readonly #counters: Readonly<Record<QuotaWindow, Map<string, Counter>>> = {
    hour: new Map(),
    month: new Map(),
  };
  readonly #hydrating = new Map<string, Promise<Counter>>();

  constructor(ledger: UsageLedger) {
    this.#ledger = ledger;
  }

  async reserve(key_id: string, window: QuotaWindow, limit: number, now: Date): Promise<QuotaDecision> {
    const now_ms = now.getTime();
    const bounds = quotaWindowAt(window, now_ms);
    const counter = await this.#counter(key_id, window, bounds.window_start);
    return this.#decide(key_id, window, limit, counter, bounds.window_start, bounds.end_ms - now_ms);
  }

  /**
   * Synchronous form of {@link reserve} for a key whose counter for the current window is already
   * hydrated; `undefined` (nothing counted) when it is not, so the caller falls back to `reserve`.
   */
  reserveSync(key_id: string, window: QuotaWindow, limit: number, now_ms: number): QuotaDecision | undefined {
    const bounds = quotaWindowAt(window, now_ms);
    const counter = this.#counters[window].get(key_id);
    if (counter === undefined || counter.window_start !== bounds.window_start) return undefined;
    return this.#decide(key_id, window, limit, counter, bounds.window_start, bounds.end_ms - now_ms);
  }

  #decide(
    key_id: string,
    window: QuotaWindow,
    limit: number,
    counter: Counter,
    window_start: string,
    reset_ms: number,
  ): QuotaDecision {
    if (counter.used >= limit) {
      return {
        allowed: false,
        limit,
        used: counter.used,
        remaining: 0,
        window_start: window_start,
        reset_ms,
      };
    }
    counter.used++;
    this.#ledger.record(key_id, window, window_start, 1);
    return {
      allowed: true,
      limit,
      used: counter.used,
      remaining: limit - counter.used,
      window_start: window_start,
      reset_ms,
    };
  }

  async release(key_id: string, window: QuotaWindow, window_start: string): Promise<void> {
    this.releaseSync(key_id, window, window_start);
  }

  /** Synchronous form of {@link release}. */
  releaseSync(key_id: string, window: QuotaWindow, window_start: string): void {
    const counter = this.#counters[window].get(key_id);
    if (counter !== undefined && counter.window_start === window_start && counter.used > 0) counter.used--;
    this.#ledger.record(key_id, window, window_start, -1);
  }

  async peek(
    key_id: string,
    window: QuotaWindow,
    now: Date,
  ): Promise<{ used: number; window_start: string; reset_ms: number }> {
    const now_ms = now.getTime();
    const bounds = quotaWindowAt(window, now_ms);
    const counter = await this.#counter(key_id, window, bounds.window_start);
    return { used: counter.used, window_start: bounds.window_start, reset_ms: bounds.end_ms - now_ms };
  }

  async close(): Promise<void> {
    this.#counters.hour.clear();
    this.#counters.month.clear();
  }

  /** The live counter for the window, hydrating it from the ledger once (concurrent callers share it). */
  async #counter(key_id: string, window: QuotaWindow, window_start: string): Promise<Counter> {
    const counters = this.#counters[window];
    const current = counters.get(key_id);
    if (current !== undefined && current.window_start === window_start) return current;
    const hydrating_id = `${window}\u0000${key_id}\u0000${window_start}`;
    let pending = this.#hydrating.get(hydrating_id);
    if (pending === undefined) {
      pending = this.#ledger.read(key_id, window, window_start).then(
        (used) => {
          this.#hydrating.delete(hydrating_id);
          const counter: Counter = { window_start, used: Math.max(0, used) };
          const existing = counters.get(key_id);
          // Keep a counter for a later window if one was installed meanwhile (clock skew between callers).
          if (existing === undefined || existing.window_start < window_start) counters.set(key_id, counter);
          return counter;
        },
        (error: unknown) => {
          this.#hydrating.delete(hydrating_id);
          throw new LimiterUnavailableError('quota counter: usage ledger unreadable', { cause: error });
        },
      );
      this.#hydrating.set(hydrating_id, pending);
    }
    return pending;
  }
}
