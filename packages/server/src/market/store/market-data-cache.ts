import type { CorporateAction, Instrument } from './types.js';

/** Everything stored for one ticker's daily history, raw, as columns (what getDailySeries slices). */
export interface TickerHistory {
  readonly instrument: Instrument;
  readonly dates: readonly string[];
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
  /** Per bar; strings are shared, so this costs one pointer per bar. */
  readonly sources: readonly string[];
  /** Ascending by date (a tail: those after its first bar). */
  readonly actions: readonly CorporateAction[];
  /** `raw` (adjusted on read with `actions`) or `split_div` (stored as the provider adjusted it). */
  readonly basis: 'raw' | 'split_div';
  /**
   * Set on a tail: the stored bars dated from `dates[0]` through `upTo`, none before or after, and only
   * the actions dated after `dates[0]`. Backward adjustment of a bar depends only on actions after it,
   * so a tail's adjusted prices equal the whole history's. `fromFirst`: fewer bars than asked were stored, so the
   * tail starts at the first stored bar. Absent: the whole history.
   */
  readonly tail?: { readonly upTo: string; readonly fromFirst: boolean };
}

const DEFAULT_CACHE_TICKERS = 512;

export interface MarketDataCacheOptions {
  /** Tickers kept (least recently used evicted first). Default DEFAULT_CACHE_TICKERS. */
  readonly maxTickers?: number;
  /** Changes when another process has committed (SQLite data_version); a change clears the cache. */
  readonly changeToken?: () => number | undefined;
  /**
   * Entries older than this are reloaded. For PostgreSQL, where another machine's `bellwether ingest`
   * leaves no change token, this bounds how stale a served series can be. Default: no limit.
   */
  readonly maxAgeMs?: number;
  /** Clock for maxAgeMs (tests). */
  readonly nowMs?: () => number;
}

/**
 * Per-ticker cache of raw daily history, so repeated analytics on a ticker do not query the database.
 * Least-recently-used tickers are evicted beyond `maxTickers`. The repository invalidates a ticker
 * whenever it writes that ticker; `changeToken` (SQLite's data_version) clears everything when another
 * process — `bellwether ingest` beside a running server — has committed since the last look.
 */
export class MarketDataCache {
  readonly #entries = new Map<string, { readonly history: TickerHistory; readonly at: number }>();
  readonly #maxTickers: number;
  readonly #changeToken: () => number | undefined;
  readonly #maxAgeMs: number;
  readonly #nowMs: () => number;
  #lastToken: number | undefined;
  #generation = 0;

  constructor(options: MarketDataCacheOptions = {}) {
    this.#maxTickers = options.maxTickers ?? DEFAULT_CACHE_TICKERS;
    this.#changeToken = options.changeToken ?? (() => undefined);
    this.#maxAgeMs = options.maxAgeMs ?? Number.POSITIVE_INFINITY;
    this.#nowMs = options.nowMs ?? Date.now;
    this.#lastToken = this.#changeToken();
  }

  get(ticker: string): TickerHistory | undefined {
    const token = this.#changeToken();
    if (token !== this.#lastToken) {
      this.#lastToken = token;
      this.clear();
      return undefined;
    }
    const entry = this.#entries.get(ticker);
    if (entry === undefined) return undefined;
    this.#entries.delete(ticker);
    if (this.#nowMs() - entry.at > this.#maxAgeMs) return undefined;
    this.#entries.set(ticker, entry);
    return entry.history;
  }

  set(ticker: string, history: TickerHistory): void {
    this.#entries.delete(ticker);
    this.#entries.set(ticker, { history, at: this.#nowMs() });
    while (this.#entries.size > this.#maxTickers) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  invalidate(ticker: string): void {
    this.#generation++;
    this.#entries.delete(ticker);
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }

  /**
   * Changes on every invalidation or clear: a history loaded while it changed may predate a write, so
   * its loader must not `set` it (see the repository's single-flight loads).
   */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }
}
