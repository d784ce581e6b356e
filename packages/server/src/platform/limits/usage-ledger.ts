import type { QuotaWindow, UsageDelta } from '../../db/records.js';
import type { UsageCounts } from '../../db/repositories.js';

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
 * Reads run concurrently with each other but never overlap a flush (a flush waits for running
 * reads; new reads wait for the flush), so `read` (repository + still-buffered deltas) never counts
 * a delta twice or misses one that is in flight.
 */
export class UsageLedger {
  readonly #usage: UsageCounts;
  readonly #onFlushError: ((error: unknown) => void) | undefined;
  #buffer = new Map<string, Mutable<UsageDelta>>();
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
      if (this.#buffer.size === 0 || this.#flushing !== undefined) return;
      this.flush().catch((error: unknown) => this.#onFlushError?.(error));
    }, interval);
    this.#timer.unref();
  }

  /** Buffers a delta for the window; synchronous so a counter's decision and its record are one step. */
  record(key_id: string, window: QuotaWindow, window_start: string, delta: number): void {
    if (this.#closed) throw new Error('usage ledger is closed');
    const id = bufferKey(key_id, window, window_start);
    const entry = this.#buffer.get(id);
    if (entry === undefined) this.#buffer.set(id, { key_id, window, window_start, delta });
    else entry.delta += delta;
  }

  /** Durable count plus this process's unflushed deltas for one window. */
  async read(key_id: string, window: QuotaWindow, window_start: string): Promise<number> {
    while (this.#flushing !== undefined) await this.#flushing.catch(() => undefined);
    // No flush runs from here until this read settles: the buffer cannot move under it.
    const read = this.#usage
      .get(key_id, window, window_start)
      .then((stored) => stored + this.pending(key_id, window, window_start));
    this.#reads.add(read);
    try {
      return await read;
    } finally {
      this.#reads.delete(read);
    }
  }

  /** Deltas buffered but not yet written, for one window. */
  pending(key_id: string, window: QuotaWindow, window_start: string): number {
    return this.#buffer.get(bufferKey(key_id, window, window_start))?.delta ?? 0;
  }

  /** Number of windows with unflushed deltas (for metrics and tests). */
  get bufferedWindows(): number {
    return this.#buffer.size;
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

  async #write(): Promise<void> {
    if (this.#buffer.size === 0) return;
    const batch = this.#buffer;
    this.#buffer = new Map();
    const deltas = [...batch.values()].filter((d) => d.delta !== 0);
    try {
      if (deltas.length > 0) await this.#usage.add(deltas);
    } catch (error) {
      // Put the batch back in front of anything recorded meanwhile; the next flush retries it.
      for (const [id, d] of this.#buffer) {
        const prev = batch.get(id);
        batch.set(id, prev === undefined ? d : { ...d, delta: prev.delta + d.delta });
      }
      this.#buffer = batch;
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
    while (this.#buffer.size > 0);
    this.#closed = true;
  }
}

type Mutable<T> = { -readonly [P in keyof T]: T[P] };

function bufferKey(key_id: string, window: QuotaWindow, window_start: string): string {
  return `${window}\u0000${window_start}\u0000${key_id}`;
}
