import type { Adjustment } from '../ingest/adjust.js';
import type { Bar, CorporateAction } from '../ingest/types.js';

export type { Adjustment, Bar, CorporateAction };

/** The instrument master row. */
export interface Instrument {
  readonly ticker: string;
  readonly name: string;
  /** ISO 10383 MIC of the listing, or null (crypto). */
  readonly exchange: string | null;
  /** `equity`, `etf`, `index`, `crypto`… */
  readonly asset_class: string;
  readonly currency: string;
  readonly sector: string | null;
  /** Exchange calendar code (`XNYS`, `24x7`): decides when a daily bar becomes known. */
  readonly calendar: string;
  readonly active: boolean;
  readonly source: string;
  /**
   * The provider's industry label (an SIC description), null when unknown. Always present on a row read
   * from the store; absent in a write, the stored value is kept.
   */
  readonly industry?: string | null;
  /**
   * `YYYY-MM-DD` the listing ended, when a provider said; null when unknown or still listed. Absent in a
   * write, the stored date is kept; an instrument written `active` has none.
   */
  readonly delisted_on?: string | null;
}

/** One intraday print. `ts` is epoch milliseconds. */
export interface TradeRow {
  readonly ts: number;
  readonly price: number;
  readonly size: number;
  readonly side?: 'buy' | 'sell';
  readonly condition?: string;
}

export interface QuoteRow {
  readonly ts: number;
  readonly bid: number;
  readonly ask: number;
  readonly bid_size: number;
  readonly ask_size: number;
}

export interface NewsRow {
  readonly id: string;
  /** ISO-8601 `Z`. */
  readonly published_at: string;
  /** The publisher. */
  readonly source: string;
  readonly headline: string;
  readonly summary?: string;
  readonly url?: string;
  readonly tickers: readonly string[];
}

/** What one write did: rows new to the database, rows whose values changed, rows already identical. */
export interface WriteCounts {
  readonly inserted: number;
  readonly updated: number;
  readonly unchanged: number;
}

export const NO_CHANGES: WriteCounts = { inserted: 0, updated: 0, unchanged: 0 };

export function addCounts(a: WriteCounts, b: WriteCounts): WriteCounts {
  return {
    inserted: a.inserted + b.inserted,
    updated: a.updated + b.updated,
    unchanged: a.unchanged + b.unchanged,
  };
}

/**
 * Everything one file (or one demo seeding) writes, applied in ONE transaction: all of it or none.
 * `source` labels every row (`synthetic`, `csv:<file name>`); news keeps its publisher in `source` and
 * this label in `data_source`.
 */
export interface MarketWrite {
  readonly source: string;
  /** Upserted (replacing every field). */
  readonly instruments?: readonly Instrument[];
  /** Inserted only when the ticker is not in the master yet (ingesting a file of an unknown ticker). */
  readonly ensureInstruments?: readonly Instrument[];
  readonly bars?: readonly { readonly ticker: string; readonly bars: readonly Bar[] }[];
  readonly actions?: readonly { readonly ticker: string; readonly actions: readonly CorporateAction[] }[];
  readonly trades?: readonly { readonly ticker: string; readonly trades: readonly TradeRow[] }[];
  readonly quotes?: readonly { readonly ticker: string; readonly quotes: readonly QuoteRow[] }[];
  readonly news?: readonly NewsRow[];
  /** Logged in `ingest_runs` inside the same transaction. */
  readonly run?: { readonly kind: string; readonly ticker?: string; readonly skipped: number };
  /** The sync's checkpoint for what this write brings, stored in the same transaction (ADR 0067). */
  readonly checkpoint?: SyncCheckpoint;
  /**
   * How this write's prices of `ticker` stand (ADR 0067). A series is stored on one basis: bars of another
   * basis than the stored ones make the whole write fail with a `BasisConflictError`.
   */
  readonly basis?: { readonly ticker: string; readonly basis: 'raw' | 'split_div' };
}

/** A write whose prices stand on another basis than the ticker's stored ones (nothing of it was written). */
export class BasisConflictError extends Error {
  constructor(
    readonly ticker: string,
    readonly stored: string,
    readonly offered: string,
  ) {
    super(`${ticker} is stored with ${stored} prices; ${offered} prices would mix two bases in one series`);
    this.name = 'BasisConflictError';
  }
}

/** A provider's data of one kind for one ticker arrived through the session dated `through`. */
export interface SyncCheckpoint {
  readonly provider: string;
  readonly ticker: string;
  /** `reference`: the session on which `provider` was last asked for the ticker's reference data. */
  readonly kind: 'bars' | 'news' | 'reference';
  readonly through: string;
}

export interface WriteOutcome {
  readonly instruments: WriteCounts;
  readonly bars: WriteCounts;
  readonly actions: WriteCounts;
  readonly trades: WriteCounts;
  readonly quotes: WriteCounts;
  readonly news: WriteCounts;
  /** Sum over all kinds. */
  readonly total: WriteCounts;
}

export interface SeriesQuery {
  /** First date wanted (`YYYY-MM-DD`, inclusive). */
  readonly from?: string;
  /** Last date wanted (inclusive); never beyond what is known at `asOf`. */
  readonly to?: string;
  /** At most this many bars, the last ones through `to` (a screen reads only the tail it needs). */
  readonly tail?: number;
  /** The instant the answer is for: a bar dated D is used only once D's session has closed. */
  readonly asOf: Date;
  readonly adjustment: Adjustment;
}

/** Aligned columns of one ticker's daily bars, adjusted as asked. */
export interface DailySeries {
  readonly ticker: string;
  readonly adjustment: Adjustment;
  /** ISO-8601 `Z` of the as-of instant. */
  readonly as_of: string;
  /** The last session date known at `as_of` (bars after it are never returned). */
  readonly known_through: string;
  /**
   * The ticker's last stored bar known at `as_of` (whatever `to` asked), or null: earlier than
   * `known_through` when the provider has not delivered the last closed session (stale data).
   */
  readonly last_bar: string | null;
  /** Sources of the returned bars, distinct, joined by `+` (`synthetic`, `csv:AAPL.csv`); `none` when empty. */
  readonly source: string;
  readonly dates: readonly string[];
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
}

export type TickerLookup =
  | { readonly ok: true; readonly instrument: Instrument }
  | { readonly ok: false; readonly suggestion?: string };

/** How fresh one instrument's daily bars are at an instant. */
export interface Freshness {
  readonly ticker: string;
  /** The last session closed at the instant, in the instrument's calendar. */
  readonly known_through: string;
  /** Its last bar on or before `known_through`, or null when it has none. */
  readonly last_bar: string | null;
}

/** Row counts per table (tests, CLI summaries). */
export interface MarketCounts {
  readonly instruments: number;
  readonly bars: number;
  readonly splits: number;
  readonly dividends: number;
  readonly trades: number;
  readonly quotes: number;
  readonly news: number;
}
