import type { QuotaWindow, RefusalCount, RefusalDelta, RefusalPolicy, UsageDelta } from '../../db/records.js';
import type { UsageCounts, UsageRepo } from '../../db/repositories.js';

export interface UsageLedgerOptions {
  /** How often buffered deltas are written to the repository. Default 250 ms. */
  readonly flush_interval_ms?: number;
  /** Told about background flush failures (the deltas are kept and retried). Library code never logs. */
  readonly onFlushError?: (error: unknown) => void;
}

/**
 * Write-behind usage ledger. Counters record +1/−1 deltas synchronously into an in-memory buffer
 * (aggregated per key, window and window start, so the buffer is bounded by active keys, not by
 * traffic); the buffer is written to `UsageCounts.add` every `flush_interval_ms` and on `flush()` /
 * `close()`. A failed write puts the deltas back and the next flush retries them: nothing is lost
 * while the process lives. A crash loses at most the deltas of one interval (ADR 0021).
 *
 * Requests refused with 429 are counted the same way in a second buffer (per key, window, start and
 * refusing limit) and written by the same flush, in the same transaction, apart from usage: a refusal
 * is never billed, and a flood of refusals costs one counter increment each, not a write (ADR 0055).
 *
 * Reads run concurrently with each other but never overlap a flush (a flush waits for running
 * reads; new reads wait for the flush), so `read` (repository + still-buffered deltas) never counts
 * a delta twice or misses one that is in flight.
 */
export class UsageLedger {
  readonly #usage: UsageCounts;
  readonly #onFlushError: ((error: unknown) => void) | undefined;
  #buffer = new DeltaBuffer();
  #refusals = new Map<string, Mutable<RefusalDelta>>();
  /** The latest flush, while it (or one queued before it) is running. */
  #flushing: Promise<void> | undefined;
  readonly #reads = new Set<Promise<unknown>>();
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(usage: UsageCounts, options: UsageLedgerOptions = {}) {
    this.#usage = usage;
    this.#onFlushError = options.onFlushError;
    const interval = options.flush_interval_ms ?? 250;
    this.#timer = setInterval(() => {
      // Skip while a flush is still running (slow database), so flushes never pile up.
      if (this.#empty() || this.#flushing !== undefined) return;
      this.flush().catch((error: unknown) => this.#onFlushError?.(error));
    }, interval);
    this.#timer.unref();
  }

  /** Buffers a delta for the window; synchronous so a counter's decision and its record are one step. */
  record(key_id: string, window: QuotaWindow, window_start: string, delta: number): void {
    if (this.#closed) throw new Error('usage ledger is closed');
    this.#buffer.add(key_id, window, window_start, delta);
  }

  /** Counts one request refused by `policy` in the window (memory only; written by the next flush). */
  recordRefusal(key_id: string, window: QuotaWindow, window_start: string, policy: RefusalPolicy): void {
    if (this.#closed) throw new Error('usage ledger is closed');
    const id = `${bufferKey(key_id, window, window_start)}\u0000${policy}`;
    const entry = this.#refusals.get(id);
    if (entry === undefined) this.#refusals.set(id, { key_id, window, window_start, policy, delta: 1 });
    else entry.delta++;
  }

  /** Durable count plus this process's unflushed deltas for one window. */
  read(key_id: string, window: QuotaWindow, window_start: string): Promise<number> {
    return this.#readConsistently(async () => {
      const stored = await this.#usage.get(key_id, window, window_start);
      return stored + this.pending(key_id, window, window_start);
    });
  }

  /**
   * Refused requests per window from `since`: what `stored` holds plus this process's unflushed
   * counts, oldest first (read like {@link read}: a batch in flight is counted exactly once).
   */
  readRefusals(
    stored: Pick<UsageRepo, 'refusals'>,
    key_id: string,
    window: QuotaWindow,
    since: string,
  ): Promise<RefusalCount[]> {
    return this.#readConsistently(async () => {
      const byWindow = new Map<string, Mutable<RefusalCount>>();
      for (const r of await stored.refusals(key_id, window, since)) byWindow.set(r.window_start, { ...r });
      for (const d of this.#refusals.values()) {
        if (d.key_id !== key_id || d.window !== window || d.window_start < since) continue;
        let w = byWindow.get(d.window_start);
        if (w === undefined) {
          w = { window_start: d.window_start, burst: 0, quota: 0 };
          byWindow.set(d.window_start, w);
        }
        w[d.policy] += d.delta;
      }
      return [...byWindow.values()].sort((a, b) => (a.window_start < b.window_start ? -1 : 1));
    });
  }

  /** Deltas buffered but not yet written, for one window. */
  pending(key_id: string, window: QuotaWindow, window_start: string): number {
    return this.#buffer.delta(key_id, window, window_start);
  }

  /** Number of windows with unflushed deltas (for metrics and tests). */
  get bufferedWindows(): number {
    return this.#buffer.count();
  }

  /** Number of (window, policy) refusal counters not yet written (for tests: bounded by keys, not traffic). */
  get bufferedRefusals(): number {
    return this.#refusals.size;
  }

  /** Writes everything buffered so far; rejects (keeping the deltas) when the repository fails. */
  flush(): Promise<void> {
    const previous = this.#flushing;
    const run = (async () => {
      if (previous !== undefined) await previous.catch(() => undefined);
      if (this.#reads.size > 0) await Promise.allSettled([...this.#reads]);
      await this.#write();
    })();
    this.#flushing = run;
    const done = () => {
      if (this.#flushing === run) this.#flushing = undefined;
    };
    run.then(done, done);
    return run;
  }

  /** Runs `read` once no flush is running, and holds off flushes until it settles. */
  async #readConsistently<T>(read: () => Promise<T>): Promise<T> {
    while (this.#flushing !== undefined) await this.#flushing.catch(() => undefined);
    // No flush runs from here until this read settles: the buffers cannot move under it.
    const running = read();
    this.#reads.add(running);
    try {
      return await running;
    } finally {
      this.#reads.delete(running);
    }
  }

  #empty(): boolean {
    return !this.#buffer.touched && this.#refusals.size === 0;
  }

  async #write(): Promise<void> {
    if (this.#empty()) return;
    const deltas = this.#buffer.take();
    const refused = this.#refusals;
    this.#refusals = new Map();
    try {
      if (refused.size > 0) await this.#usage.add(deltas, [...refused.values()]);
      else if (deltas.length > 0) await this.#usage.add(deltas);
    } catch (error) {
      // Put the batch back with anything recorded meanwhile; the next flush retries it.
      for (const d of deltas) this.#buffer.add(d.key_id, d.window, d.window_start, d.delta);
      this.#refusals = mergeBack(refused, this.#refusals);
      throw new Error('usage ledger flush failed; deltas kept for retry', { cause: error });
    }
  }

  /**
   * Stops the timer and flushes until the buffer is empty (deltas recorded during a flush are
   * written too); rejects if a flush fails, with the deltas still buffered.
   */
  async close(): Promise<void> {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    do await this.flush();
    while (!this.#empty());
    this.#closed = true;
  }
}

type Mutable<T> = { -readonly [P in keyof T]: T[P] };

/** One window's unwritten delta; kept across flushes while its key is active. */
interface Slot extends Mutable<UsageDelta> {
  /** Nothing was recorded in it between the last two flushes: forgotten at the next one if still so. */
  idle: boolean;
}

/**
 * Buffered usage deltas by window kind, window start and key: a record is three lookups by strings the
 * caller already holds (hashed once), not a key string built and hashed per request, and an active key's
 * slot is kept from flush to flush (its delta set back to zero when written) rather than made anew four
 * times a second, to be promoted and collected by the old generation (ADR 0092).
 */
class DeltaBuffer {
  readonly #windows: Readonly<Record<QuotaWindow, Map<string, Map<string, Slot>>>> = {
    hour: new Map(),
    month: new Map(),
  };
  /** Whether anything was recorded since the last {@link take}. */
  touched = false;

  add(key_id: string, window: QuotaWindow, window_start: string, delta: number): void {
    this.touched = true;
    const byStart = this.#windows[window];
    let byKey = byStart.get(window_start);
    if (byKey === undefined) {
      byKey = new Map();
      byStart.set(window_start, byKey);
    }
    const slot = byKey.get(key_id);
    if (slot !== undefined) slot.delta += delta;
    else byKey.set(key_id, { key_id, window, window_start, delta, idle: false });
  }

  delta(key_id: string, window: QuotaWindow, window_start: string): number {
    return this.#windows[window].get(window_start)?.get(key_id)?.delta ?? 0;
  }

  /** Windows with a delta not written yet. */
  count(): number {
    let n = 0;
    for (const byStart of [this.#windows.hour, this.#windows.month])
      for (const byKey of byStart.values()) for (const s of byKey.values()) if (s.delta !== 0) n++;
    return n;
  }

  /**
   * The deltas not written yet, which this sets back to zero; a slot left at zero since the previous take
   * is forgotten (its key went quiet, or its window ended).
   */
  take(): UsageDelta[] {
    const out: UsageDelta[] = [];
    for (const byStart of [this.#windows.hour, this.#windows.month])
      for (const [start, byKey] of byStart) {
        for (const [key_id, s] of byKey) {
          if (s.delta !== 0) {
            out.push({ key_id: s.key_id, window: s.window, window_start: s.window_start, delta: s.delta });
            s.delta = 0;
            s.idle = false;
          } else if (s.idle) byKey.delete(key_id);
          else s.idle = true;
        }
        if (byKey.size === 0) byStart.delete(start);
      }
    this.touched = false;
    return out;
  }
}

function bufferKey(key_id: string, window: QuotaWindow, window_start: string): string {
  return `${window}\u0000${window_start}\u0000${key_id}`;
}

/** `batch` with the deltas recorded since it was taken added in. */
function mergeBack<T extends { delta: number }>(
  batch: Map<string, T>,
  since: Map<string, T>,
): Map<string, T> {
  for (const [id, d] of since) {
    const prev = batch.get(id);
    batch.set(id, prev === undefined ? d : { ...d, delta: prev.delta + d.delta });
  }
  return batch;
}
